import { failed, type Outcome, succeeded } from "@mx/kit/batcher";
import { AppError } from "@mx/kit/errors";
import { lockKeys } from "@mx/kit/locks";
import { queryRows } from "@mx/kit/sql";
import {
  DEVELOPMENTS,
  type DevelopmentKind,
  developmentCostCents,
  FEE_AND_TAX_CENTS,
} from "@mx/shared/constants";
import { errors } from "@mx/shared/messages";
import { formatCents } from "@mx/shared/money";
import { isUuid } from "@mx/shared/uuid";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import type { AppDeps } from "../../deps";
import { frozenRefusal } from "../auth/frozen";
import { restrictedRefusal } from "../auth/restriction";
import { accounts, postJournal } from "../ledger/ledger";
import { creditsOf } from "../offerwall/credits";
import { PAYPAL_METHOD } from "../payments/paypal-gateway";
import { type BuildingState, durationSeconds, readStates, refusal } from "./building-state";
import { settleDueDevelopments } from "./construction";
import type { DevelopmentRow } from "./development-rows";

/** One develop request, checked and ready to reserve. */
export type Asked = {
  /** The development's id, and so its processor keys, fixed before any batch runs. */
  id: string;
  userId: string;
  /** The property id or building id asked for. */
  key: string;
  kind: DevelopmentKind;
  creditsCents: number;
  paypal: boolean;
  paymentMethodId: string | null;
};

type Payer = {
  user_id: string;
  card_id: string | null;
  is_default: boolean | null;
  customer_id: string | null;
  /** Why an operator froze the player's trading, if they did. */
  frozen: string | null;
  /** Why the player may not pay by card or PayPal, if they are restricted. */
  restricted: string | null;
};

type Wanted = { i: number; ask: Asked; buildingId: string };
type Credits = Map<string, { usableCents: number; usableFrom: Date | null }>;
/** A development's row as its reservation writes it (the database adds when). */
type Planned = Omit<DevelopmentRow, "createdAt" | "updatedAt" | "cardId" | "customerId">;
type Accepted = { i: number; values: Planned; cardId: string | null };

/**
 * Step 1 for the requests of one moment: their buildings found (an ended construction of theirs settled first),
 * then in one transaction their buildings locked (in building order), read, each request checked on its own (the
 * owner, the level, the card, the credits) and every accepted row written in one insert. Of two requests for one
 * building, the unique index lets one row in; the other is refused.
 */
export async function reserveDevelopments(deps: AppDeps, asks: Asked[]): Promise<Outcome<DevelopmentRow>[]> {
  const { db } = deps;
  const outcomes: Outcome<DevelopmentRow>[] = asks.map(() => failed(new Error("not reserved")));
  const { found, wanted } = await findBuildings(deps, asks, outcomes);
  if (wanted.length === 0) return outcomes;
  const buildingIds = [...new Set(wanted.map((w) => w.buildingId))];
  // A construction that has ended is settled first, so that the level and price read below are the ones now.
  const due = found.filter((f) => f.due && buildingIds.includes(f.buildingId)).map((f) => f.buildingId);
  if (due.length > 0) await settleDueDevelopments(db, due);

  return db.transaction(async (tx) => {
    const states = await readStates(tx, buildingIds, { lockRows: true });
    const payers = await readPayers(tx, wanted);
    const credits = await lockCredits(deps, tx, wanted);
    const accepted: Accepted[] = [];
    for (const { i, ask, buildingId } of wanted) {
      try {
        accepted.push({ i, ...checkAsk(deps, ask, buildingId, { states, payers, credits }) });
      } catch (error) {
        outcomes[i] = failed(error);
      }
    }
    if (accepted.length === 0) return outcomes;
    await insertAccepted(tx, accepted, payers, outcomes);
    return outcomes;
  });
}

/** The building each request names (by building or property id); a request for none is refused in `outcomes`. */
async function findBuildings(deps: AppDeps, asks: Asked[], outcomes: Outcome<DevelopmentRow>[]) {
  const keys = [...new Set(asks.map((a) => a.key))];
  const uuids = keys.filter((k) => isUuid(k)).map((k) => k.toLowerCase());
  const found = await queryRows<{ id: string; buildingId: string; due: boolean }>(
    deps.db,
    sql`select p.id::text, p.building_id as "buildingId", coalesce(p.constructing_until <= now(), false) as due
      from properties p
      where p.building_id = any(array(select json_array_elements_text(${JSON.stringify(keys)}::json)))
        or p.id = any(array(select json_array_elements_text(${JSON.stringify(uuids)}::json)::uuid))`,
    "development-buildings",
  );
  const buildingOfKey = new Map<string, string>();
  for (const f of found) {
    buildingOfKey.set(f.buildingId, f.buildingId);
    buildingOfKey.set(f.id, f.buildingId);
  }
  const wanted: Wanted[] = [];
  asks.forEach((ask, i) => {
    const buildingId =
      buildingOfKey.get(ask.key) ?? (isUuid(ask.key) ? buildingOfKey.get(ask.key.toLowerCase()) : undefined);
    if (buildingId) wanted.push({ i, ask, buildingId });
    else outcomes[i] = failed(new AppError("NOT_FOUND", `No property with id ${ask.key}.`));
  });
  return { found, wanted };
}

/** Each player's cards, processor customer and any freeze of their trading, in one read for the batch. */
function readPayers(tx: Tx, wanted: Wanted[]): Promise<Payer[]> {
  const userIds = [...new Set(wanted.map((w) => w.ask.userId))];
  return queryRows<Payer>(
    tx,
    sql`select u.user_id::text, c.id as card_id, c.is_default, pc.customer_id,
          (select pl.trading_frozen_reason from users pl where pl.id = u.user_id) as frozen,
          (select pl.restricted_reason from users pl where pl.id = u.user_id) as restricted
        from (select value::uuid as user_id from json_array_elements_text(${JSON.stringify(userIds)}::json)) u
        left join payment_cards c on c.user_id = u.user_id
        left join payment_customers pc on pc.user_id = u.user_id`,
    "development-payers",
  );
}

/**
 * The credits of every player spending some, under their credits' lock (taken in one order), read once and
 * counted down as this batch spends them.
 */
async function lockCredits(deps: AppDeps, tx: Tx, wanted: Wanted[]): Promise<Credits> {
  const spenders = [...new Set(wanted.filter((w) => w.ask.creditsCents > 0).map((w) => w.ask.userId))];
  await lockKeys(
    tx,
    spenders.map((u) => `ledger:${accounts.credits(u)}`),
  );
  const credits: Credits = new Map();
  for (const userId of spenders) {
    credits.set(userId, await creditsOf(tx, deps.config.offerwall.creditHoldHours, userId));
  }
  return credits;
}

/** One request checked on its own (the owner, the level, the card, the credits): its row to insert, or the refusal. */
function checkAsk(
  deps: AppDeps,
  ask: Asked,
  buildingId: string,
  read: { states: Map<string, BuildingState>; payers: Payer[]; credits: Credits },
): Omit<Accepted, "i"> {
  const payer = read.payers.find((p) => p.user_id === ask.userId);
  if (payer?.frozen) throw frozenRefusal("trading", payer.frozen);
  const state = read.states.get(buildingId);
  if (!state) throw new AppError("NOT_FOUND", `No property with id ${ask.key}.`);
  const why = refusal(state, ask.userId, ask.kind);
  if (why) throw why;
  const costCents = developmentCostCents(ask.kind, state.priceCents);
  const totalCents = costCents + FEE_AND_TAX_CENTS;
  if (ask.creditsCents > totalCents) {
    throw new AppError("BAD_REQUEST", `credits: must be at most the total of ${formatCents(totalCents)}`);
  }
  // Credits alone may pay for it; a card or PayPal not while the player is restricted.
  if (ask.creditsCents < totalCents && payer?.restricted)
    throw restrictedRefusal("payments", payer.restricted);
  const cardId = ask.creditsCents < totalCents && !ask.paypal ? payingCard(ask, read.payers) : null;
  if (ask.creditsCents > 0) spendCredits(deps, ask, read.credits);
  return {
    cardId,
    values: {
      id: ask.id,
      userId: ask.userId,
      buildingId,
      kind: ask.kind,
      level: DEVELOPMENTS[ask.kind].level,
      costCents,
      totalCents,
      creditsCents: ask.creditsCents,
      // What the charge is made with, so that recovery can rebuild it; nothing when credits pay it all.
      paymentMethodId: ask.creditsCents < totalCents ? (ask.paypal ? PAYPAL_METHOD : cardId) : null,
      state: "reserved",
      paymentIntentId: null,
      failure: null,
      awaitingUntil: null,
      durationSeconds: durationSeconds(deps, ask.kind),
      completesAt: null,
    },
  };
}

/** The card a request pays with: the one it names, else the player's default; refused if there is none. */
function payingCard(ask: Asked, payers: Payer[]): string | null {
  const card = payers.find(
    (p) =>
      p.user_id === ask.userId &&
      p.card_id !== null &&
      (ask.paymentMethodId ? p.card_id === ask.paymentMethodId : p.is_default === true),
  );
  if (!card) {
    throw ask.paymentMethodId
      ? new AppError("NOT_FOUND", "No such payment method.")
      : new AppError("BAD_REQUEST", errors.addCardFirst);
  }
  return card.card_id;
}

/** Counts a request's credits down from what its player may spend now; refused if they are not usable or enough. */
function spendCredits(deps: AppDeps, ask: Asked, credits: Credits): void {
  const left = credits.get(ask.userId) ?? { usableCents: 0, usableFrom: null };
  if (left.usableFrom) {
    throw new AppError(
      "INSUFFICIENT_BALANCE",
      `Your credits can be spent from ${left.usableFrom.toISOString()}, ${deps.config.offerwall.creditHoldHours} hours after your account was created.`,
    );
  }
  if (left.usableCents < ask.creditsCents) {
    throw new AppError(
      "INSUFFICIENT_BALANCE",
      `You have ${formatCents(left.usableCents)} of credits, less than the ${formatCents(ask.creditsCents)} asked for.`,
    );
  }
  credits.set(ask.userId, { ...left, usableCents: left.usableCents - ask.creditsCents });
}

/**
 * Every accepted row written in one insert, each one's credits held; a row the unique index kept out (another
 * development of its building being paid for) is refused.
 */
async function insertAccepted(
  tx: Tx,
  accepted: Accepted[],
  payers: Payer[],
  outcomes: Outcome<DevelopmentRow>[],
): Promise<void> {
  const inserted = await queryRows<{ id: string; created_at: string | Date; updated_at: string | Date }>(
    tx,
    sql`insert into developments (id, user_id, building_id, kind, level, cost_cents, total_cents, credits_cents,
        state, payment_method_id, duration_seconds)
      select r.id, r."userId", r."buildingId", r.kind, r.level, r."costCents", r."totalCents", r."creditsCents",
        'reserved', r."paymentMethodId", r."durationSeconds"
      from json_to_recordset(${JSON.stringify(accepted.map((a) => a.values))}::json) as r(id uuid, "userId" uuid,
        "buildingId" text, kind text, level smallint, "costCents" integer, "totalCents" integer,
        "creditsCents" integer, "paymentMethodId" text, "durationSeconds" integer)
      on conflict do nothing
      returning id::text, created_at, updated_at`,
    "reserve-developments",
  );
  const byId = new Map(
    inserted.map((r) => [r.id, { createdAt: new Date(r.created_at), updatedAt: new Date(r.updated_at) }]),
  );
  for (const { i, values, cardId } of accepted) {
    const written = byId.get(values.id);
    if (!written) {
      outcomes[i] = failed(
        new AppError("CONFLICT", "A development of this building is being paid for right now."),
      );
      continue;
    }
    const row: DevelopmentRow = { ...values, ...written };
    if (row.creditsCents > 0) {
      await postJournal(tx, {
        kind: "development-credits",
        reference: row.id,
        building: { id: row.buildingId },
        memo: `credits held for development ${row.id}`,
        entries: [
          { account: accounts.credits(row.userId), amountCents: -row.creditsCents },
          { account: accounts.creditsHeld, amountCents: row.creditsCents },
        ],
      });
    }
    const customerId = payers.find((p) => p.user_id === row.userId)?.customer_id ?? null;
    outcomes[i] = succeeded({ ...row, cardId, customerId });
  }
}
