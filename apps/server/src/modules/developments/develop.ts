import { failed, type Outcome, succeeded } from "@mx/kit/batcher";
import { AppError } from "@mx/kit/errors";
import { lockKey, lockKeys } from "@mx/kit/locks";
import { newId } from "@mx/kit/secrets";
import { queryRows } from "@mx/kit/sql";
import type { FindIntentInput, GatewayIntent } from "@mx/processors/gateway";
import {
  CURRENCY,
  DEVELOPMENT_KINDS,
  DEVELOPMENTS,
  type DevelopmentKind,
  developmentCostCents,
  FEE_AND_TAX_CENTS,
} from "@mx/shared/constants";
import { errors } from "@mx/shared/messages";
import { dollarsToCents, formatCents } from "@mx/shared/money";
import type { DevelopData } from "@mx/shared/schemas/developments";
import { isUuid } from "@mx/shared/uuid";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { properties } from "../../db/schema/buildings";
import { type DevelopmentState, developments } from "../../db/schema/developments";
import type { AppDeps } from "../../deps";
import { alertWatchers } from "../alerts/alert-watchers";
import { frozenRefusal } from "../auth/frozen";
import { lockBuildings, playerDeleted } from "../buildings/lock-buildings";
import { displayName, presentDevelopment, selectProperties } from "../buildings/present-property";
import { ensureCustomer } from "../cards/cards";
import { publishPublicMany } from "../events/publish";
import { accounts, journalsCtes, paymentEntries, postJournal } from "../ledger/ledger";
import {
  cancelIntent,
  chargeAsDescribed,
  confirmOperation,
  findIntent,
  finishFromNotice,
  noteIntents,
  type Resumable,
  runOperation,
  type Step,
  type Together,
  together,
} from "../money/operation";
import { creditsOf } from "../offerwall/credits";
import { type ActionRequired, actionOf } from "../payments/bank-check";
import { isPaypalIntent, PAYPAL_METHOD } from "../payments/paypal-gateway";
import { assertRoomToWait, holdForPlayer } from "../payments/waiting-payments";
import { durationSeconds, readStates, refusal } from "./building-state";
import { settleDueDevelopments } from "./construction";

/** A development's row, with what its reservation found of the owner's payment (not stored). */
export type DevelopmentRow = typeof developments.$inferSelect & {
  cardId?: string | null;
  customerId?: string | null;
};
export type DevelopResult = DevelopData | { developmentId: string; action: ActionRequired };

/** The processor keys of a development: fixed by its id, so every retry and every recovery uses the same ones. */
const developmentChargeKey = (id: string) => `development:${id}`;
const developmentRefundKey = (id: string) => `development-refund:${id}`;

export type DevelopInput = {
  propertyId: string;
  kind: string;
  paymentMethodId?: string;
  credits?: number;
  paypal?: boolean;
};

/**
 * POST properties/develop. The money operation's three steps (money/operation.ts), batched with the requests that
 * arrive at the same moment (`together`):
 *   1. reserve, under the building's lock (as asks and bids take it): the owner, the building not for sale nor
 *      under construction, the next level; a `reserved` row, one per building at a time, with its credits held;
 *   2. the card or PayPal charged under `development:<id>`;
 *   3. in one transaction: construction started (the row `constructing`, the building's `constructing_until`),
 *      the payment recorded, and the journal (card and credits in; cost to development revenue, fee, tax).
 * Of two requests at once for one building, the second finds the first's row and is refused before anything is
 * charged.
 */
export async function developProperty(
  deps: AppDeps,
  userId: string,
  input: DevelopInput,
): Promise<DevelopResult> {
  if (!(DEVELOPMENT_KINDS as readonly string[]).includes(input.kind)) {
    throw new AppError("BAD_REQUEST", `kind: must be one of ${DEVELOPMENT_KINDS.join(", ")}`);
  }
  const kind = input.kind as DevelopmentKind;
  const creditsCents = input.credits === undefined ? 0 : dollarsToCents(input.credits);
  if (creditsCents === null || creditsCents < 0) {
    throw new AppError("BAD_REQUEST", "credits: must be a whole number of cents, 0 or more");
  }
  const paypal = input.paypal === true || input.paymentMethodId === PAYPAL_METHOD;
  if (paypal && !deps.gateway.paypal) throw new AppError("BAD_REQUEST", "PayPal is not offered here.");
  if (paypal) await assertRoomToWait(deps, userId);
  const row = await stepsOf(deps).reserve({
    id: newId(),
    userId,
    key: input.propertyId,
    kind,
    creditsCents,
    paypal,
    paymentMethodId: paypal ? null : (input.paymentMethodId ?? null),
  });
  const op = developmentOperation(deps, paypal ? PAYPAL_METHOD : (row.cardId ?? null));
  return resultOf(row, await runOperation(op, row));
}

/** One develop request, checked and ready to reserve. */
type Asked = {
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

const steps = new WeakMap<AppDeps, Together<Asked, DevelopmentRow, DevelopData>>();

/** The develop operation's batched steps for this app (money/operation.ts, `together`). */
function stepsOf(deps: AppDeps): Together<Asked, DevelopmentRow, DevelopData> {
  let found = steps.get(deps);
  if (!found) {
    found = together<Asked, DevelopmentRow, DevelopData>(
      {
        reserveMany: (asks) => reserveMany(deps, asks),
        noteMany: (items) => noteMany(deps, items),
        settleMany: (items) => settleMany(deps, items),
      },
      // Where charging takes no time (a processor in this process), two batches at once keep both cores busy (one
      // reserving while the other settles) and halve the wait of a request that just missed a batch (p99 64 ms
      // against 131 ms with one, 32 in flight); a processor across the network takes long per charge, and there
      // more overlap. The configuration says which (DEVELOPMENT_BATCH_RUNNING).
      { maxSize: 100, maxRunning: deps.config.batching.developmentRunning },
    );
    steps.set(deps, found);
  }
  return found;
}

/** How many batches each step of developing has run here, and how many developments they held (for the bench). */
export function developmentBatchStats(deps: AppDeps) {
  return steps.get(deps)?.stats() ?? null;
}

type Payer = {
  user_id: string;
  card_id: string | null;
  is_default: boolean | null;
  customer_id: string | null;
  /** Why an operator froze the player's trading, if they did. */
  frozen: string | null;
};

/**
 * Step 1 for the requests of one moment: their buildings found (an ended construction of theirs settled first),
 * then in one transaction their buildings locked (in building order), read, each request checked on its own (the
 * owner, the level, the card, the credits) and every accepted row written in one insert. Of two requests for one
 * building, the unique index lets one row in; the other is refused.
 */
async function reserveMany(deps: AppDeps, asks: Asked[]): Promise<Outcome<DevelopmentRow>[]> {
  const { db } = deps;
  const outcomes: Outcome<DevelopmentRow>[] = asks.map(() => failed(new Error("not reserved")));
  const keys = [...new Set(asks.map((a) => a.key))];
  const uuids = keys.filter((k) => isUuid(k)).map((k) => k.toLowerCase());
  const found = await db
    .select({
      id: properties.id,
      buildingId: properties.buildingId,
      due: sql<boolean>`coalesce(${properties.constructingUntil} <= now(), false)`,
    })
    .from(properties)
    .where(
      uuids.length > 0
        ? or(inArray(properties.buildingId, keys), inArray(properties.id, uuids))
        : inArray(properties.buildingId, keys),
    );
  const buildingOfKey = new Map<string, string>();
  for (const f of found) {
    buildingOfKey.set(f.buildingId, f.buildingId);
    buildingOfKey.set(f.id, f.buildingId);
  }
  const wanted: { i: number; ask: Asked; buildingId: string }[] = [];
  asks.forEach((ask, i) => {
    const buildingId =
      buildingOfKey.get(ask.key) ?? (isUuid(ask.key) ? buildingOfKey.get(ask.key.toLowerCase()) : undefined);
    if (buildingId) wanted.push({ i, ask, buildingId });
    else outcomes[i] = failed(new AppError("NOT_FOUND", `No property with id ${ask.key}.`));
  });
  if (wanted.length === 0) return outcomes;
  const buildingIds = [...new Set(wanted.map((w) => w.buildingId))];
  // A construction that has ended is settled first, so that the level and price read below are the ones now.
  const due = found.filter((f) => f.due && buildingIds.includes(f.buildingId)).map((f) => f.buildingId);
  if (due.length > 0) await settleDueDevelopments(db, due);

  return db.transaction(async (tx) => {
    await lockBuildings(tx, buildingIds);
    const states = await readStates(tx, buildingIds);
    const userIds = [...new Set(wanted.map((w) => w.ask.userId))];
    // Each player's cards, processor customer and any freeze of their trading, in one read for the batch.
    const payers = await queryRows<Payer>(
      tx,
      sql`select u.user_id::text, c.id as card_id, c.is_default, pc.customer_id,
          (select pl.trading_frozen_reason from users pl where pl.id = u.user_id) as frozen
        from (select value::uuid as user_id from json_array_elements_text(${JSON.stringify(userIds)}::json)) u
        left join payment_cards c on c.user_id = u.user_id
        left join payment_customers pc on pc.user_id = u.user_id`,
    );
    // The credits of every player spending some, under their credits' lock (taken in one order), read once and
    // counted down as this batch spends them.
    const spenders = [...new Set(wanted.filter((w) => w.ask.creditsCents > 0).map((w) => w.ask.userId))];
    await lockKeys(
      tx,
      spenders.map((u) => `ledger:${accounts.credits(u)}`),
    );
    const credits = new Map<string, { usableCents: number; usableFrom: Date | null }>();
    for (const userId of spenders) {
      credits.set(userId, await creditsOf(tx, deps.config.offerwall.creditHoldHours, userId));
    }

    const accepted: { i: number; values: typeof developments.$inferInsert; cardId: string | null }[] = [];
    for (const { i, ask, buildingId } of wanted) {
      try {
        const frozen = payers.find((p) => p.user_id === ask.userId)?.frozen;
        if (frozen) throw frozenRefusal("trading", frozen);
        const state = states.get(buildingId);
        if (!state) throw new AppError("NOT_FOUND", `No property with id ${ask.key}.`);
        const why = refusal(state, ask.userId, ask.kind);
        if (why) throw why;
        const costCents = developmentCostCents(ask.kind, state.priceCents);
        const totalCents = costCents + FEE_AND_TAX_CENTS;
        if (ask.creditsCents > totalCents) {
          throw new AppError(
            "BAD_REQUEST",
            `credits: must be at most the total of ${formatCents(totalCents)}`,
          );
        }
        let cardId: string | null = null;
        if (ask.creditsCents < totalCents && !ask.paypal) {
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
          cardId = card.card_id;
        }
        if (ask.creditsCents > 0) {
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
        accepted.push({
          i,
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
            durationSeconds: durationSeconds(deps, ask.kind),
          },
        });
      } catch (error) {
        outcomes[i] = failed(error);
      }
    }
    if (accepted.length === 0) return outcomes;
    const inserted = await tx
      .insert(developments)
      .values(accepted.map((a) => a.values))
      .onConflictDoNothing()
      .returning();
    const byId = new Map(inserted.map((row) => [row.id, row]));
    for (const { i, values, cardId } of accepted) {
      const row = byId.get(values.id as string);
      if (!row) {
        outcomes[i] = failed(
          new AppError("CONFLICT", "A development of this building is being paid for right now."),
        );
        continue;
      }
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
    return outcomes;
  });
}

/** `note` for many: each intent noted on its row while it is still reserved, in one statement. */
const noteMany = (deps: AppDeps, items: { row: DevelopmentRow; intent: GatewayIntent }[]) =>
  noteIntents(deps.db, { name: "developments", state: "state", open: "reserved" }, items);

/**
 * Step 3 for many developments, in one transaction: their buildings locked (as step 1 locks them) and read; every
 * one whose building is still the owner's, not for sale and at the level below started in one statement (the row
 * `constructing`, the building's `constructing_until`, the payment, the journal); then every map told. Each gets
 * its answer, or null when its building changed meanwhile (its money then goes back).
 */
async function settleMany(
  deps: AppDeps,
  items: { row: DevelopmentRow; intent: GatewayIntent | null }[],
): Promise<Outcome<DevelopData | null>[]> {
  const { db, gateway } = deps;
  const buildingIds = [...new Set(items.map(({ row }) => row.buildingId))];
  return db.transaction(async (tx) => {
    await lockBuildings(tx, buildingIds);
    const states = await readStates(tx, buildingIds, { lockRows: true });
    const now = Date.now();
    // The building changed hands, went on sale or was developed meanwhile: that one's money goes back.
    const starting = items
      .map(({ row, intent }) => ({ row, intent, completesAt: new Date(now + row.durationSeconds * 1000) }))
      .filter(({ row }) => {
        const state = states.get(row.buildingId);
        return (
          state &&
          state.ownerId === row.userId &&
          !state.forSale &&
          state.constructingUntil === null &&
          state.developmentLevel === row.level - 1
        );
      });
    if (starting.length === 0) return items.map(() => succeeded(null));
    const starts = starting.map(({ row, intent, completesAt }) => ({
      id: row.id,
      user_id: row.userId,
      building_id: row.buildingId,
      completes_at: completesAt.toISOString(),
      intent_id: intent?.id ?? null,
      provider: intent && isPaypalIntent(intent.id) ? "paypal" : gateway.kind,
      charge_cents: chargeOf(row),
      card_id: intent?.paymentMethodId ?? null,
    }));
    const journals = journalsCtes(
      starting.map(({ row }) => ({
        when: row.id,
        journal: {
          kind: "development",
          reference: row.id,
          building: { id: row.buildingId },
          memo: `${DEVELOPMENTS[row.kind as DevelopmentKind]?.name ?? row.kind} of ${row.buildingId} for ${formatCents(row.costCents)}`,
          entries: developmentEntries(row),
        },
      })),
      { name: "started", column: "id" },
    );
    const started = await queryRows<{ id: string }>(
      tx,
      sql`
      with s as (
        select * from json_to_recordset(${JSON.stringify(starts)}::json) as s(id uuid, user_id uuid, building_id text,
          completes_at timestamptz, intent_id text, provider text, charge_cents integer, card_id text)),
      started as (
        update developments d set state = 'constructing', completes_at = s.completes_at,
          payment_intent_id = s.intent_id, awaiting_until = null, updated_at = now()
        from s where d.id = any(array(select id from s)) and d.id = s.id and d.state = 'reserved'
        returning d.id, d.building_id),
      building as (
        update properties p set constructing_until = s.completes_at, updated_at = now()
        from s join started on started.id = s.id
        where p.building_id = any(array(select building_id from started)) and p.building_id = s.building_id),
      payment as (
        insert into payment_intents
          (id, user_id, provider, purpose, property_id, amount_cents, currency, capture_method, status, payment_method_id)
        select s.intent_id, s.user_id, s.provider, 'development', s.building_id, s.charge_cents, ${CURRENCY},
          'automatic', 'succeeded', s.card_id
        from s join started on started.id = s.id where s.intent_id is not null
        on conflict do nothing),
      ${journals}
      select id::text from started`,
    );
    const startedIds = new Set(started.map((r) => r.id));
    const begun = starting.filter(({ row }) => startedIds.has(row.id));
    const present = new Map(
      begun.length === 0
        ? []
        : (
            await selectProperties(tx).where(
              inArray(
                properties.buildingId,
                begun.map(({ row }) => row.buildingId),
              ),
            )
          ).map((p) => [p.buildingId, p]),
    );
    const events = [];
    for (const { row, intent, completesAt } of begun) {
      row.state = "constructing";
      row.completesAt = completesAt;
      row.paymentIntentId = intent?.id ?? null;
      const property = present.get(row.buildingId);
      if (!property) continue;
      events.push({
        type: "building.developing" as const,
        buildingId: row.buildingId,
        mapId: property.mapId ?? 0,
        name: displayName(property),
        price: (property.priceCents ?? 0) / 100,
        forSale: property.forSale ?? false,
        ownerId: property.ownerId,
        color: property.ownerId ? (property.ownerColor ?? null) : null,
        level: row.level,
        kind: row.kind,
        completesAt: Math.ceil(completesAt.getTime() / 1000),
      });
    }
    await publishPublicMany(tx, events);
    // The owners acted; every other watcher of each building hears of it, all in one statement.
    await alertWatchers(
      tx,
      "watch.development_started",
      begun.map(({ row, completesAt }) => ({
        buildingId: row.buildingId,
        quiet: [row.userId],
        payload: {
          kind: row.kind,
          name: DEVELOPMENTS[row.kind as DevelopmentKind]?.name ?? row.kind,
          level: row.level,
          completesAt: Math.ceil(completesAt.getTime() / 1000),
        },
      })),
    );
    return items.map(({ row }) =>
      startedIds.has(row.id) ? succeeded(developedFrom(row, present.get(row.buildingId))) : succeeded(null),
    );
  });
}

/** The operation's outcome as the route answers it: begun, or the owner's bank (or PayPal) to visit first. */
function resultOf(row: DevelopmentRow, step: Step<DevelopData>): DevelopResult {
  return "waiting" in step ? { developmentId: row.id, action: actionOf(step.waiting) } : step.done;
}

/** What a development paid for says: the building's development now, and what was charged. */
async function developedOf(deps: AppDeps, row: DevelopmentRow): Promise<DevelopData> {
  const [property] = await selectProperties(deps.db).where(eq(properties.buildingId, row.buildingId));
  return developedFrom(row, property);
}

type PropertyRead = Awaited<ReturnType<ReturnType<typeof selectProperties>["where"]>>[number];

function developedFrom(row: DevelopmentRow, property: PropertyRead | undefined): DevelopData {
  const name = property ? displayName(property) : row.buildingId;
  const d = DEVELOPMENTS[row.kind as DevelopmentKind];
  const hours = row.durationSeconds / 3600;
  const takes =
    hours >= 1
      ? `${Math.round(hours)} ${Math.round(hours) === 1 ? "hour" : "hours"}`
      : `${row.durationSeconds} seconds`;
  return {
    message: `${d.name} of ${name} has begun: it takes ${takes}.`,
    development: presentDevelopment(property?.developmentLevel ?? 0, property?.constructingUntil ?? null),
    buildingId: row.buildingId,
    total: row.totalCents / 100,
    paymentIntentId: row.paymentIntentId ?? "",
    ...(row.creditsCents > 0 ? { credits: row.creditsCents / 100 } : {}),
  };
}

const chargeOf = (row: DevelopmentRow) => row.totalCents - row.creditsCents;

/** A started development's journal (kind `development`): the one way it is written, and reversed by its refund. */
export const developmentEntries = (row: DevelopmentRow) =>
  paymentEntries({
    chargeCents: chargeOf(row),
    creditsCents: row.creditsCents,
    revenueAccount: accounts.developmentRevenue,
    priceCents: row.costCents,
  });

async function setState(
  q: Tx | AppDeps["db"],
  row: DevelopmentRow,
  from: DevelopmentState[],
  to: DevelopmentState,
  extra: Partial<typeof developments.$inferSelect> = {},
): Promise<boolean> {
  const [done] = await q
    .update(developments)
    .set({ ...extra, state: to, updatedAt: new Date() })
    .where(and(eq(developments.id, row.id), inArray(developments.state, from)))
    .returning({ id: developments.id });
  return Boolean(done);
}

/** Gives back the credits a development held, once (the journal is keyed by the development). */
async function releaseCredits(tx: Tx, row: DevelopmentRow): Promise<void> {
  if (row.creditsCents <= 0) return;
  await lockKey(tx, `ledger:${accounts.credits(row.userId)}`);
  await postJournal(tx, {
    kind: "development-credits-release",
    reference: row.id,
    building: { id: row.buildingId },
    memo: `credits given back: development ${row.id} did not go through`,
    entries: [
      { account: accounts.creditsHeld, amountCents: -row.creditsCents },
      { account: accounts.credits(row.userId), amountCents: row.creditsCents },
    ],
  });
}

/**
 * A development's charge as its row records it: the same call when it is made and when recovery rebuilds it to
 * find the intent it may have made (see findPaymentIntent).
 */
function developmentCharge(row: DevelopmentRow): FindIntentInput {
  return {
    operation: developmentChargeKey(row.id),
    paymentMethodId: row.paymentMethodId,
    amountCents: chargeOf(row),
    currency: CURRENCY,
    captureMethod: "automatic",
    metadata: {
      purpose: "development",
      developmentId: row.id,
      buildingId: row.buildingId,
      userId: row.userId,
      amountCents: String(chargeOf(row)),
    },
  };
}

/** The develop operation's steps, for the skeleton in money/operation.ts. */
export function developmentOperation(
  deps: AppDeps,
  paymentMethodId: string | null,
): Resumable<DevelopmentRow, DevelopData> {
  const { gateway, db } = deps;
  return {
    name: "development",
    gateway,
    words: {
      processing:
        "Your payment is still being processed. Construction starts once it clears; if it does not, nothing is charged.",
    },
    chargeKey: (row) => developmentChargeKey(row.id),
    refundKey: (row) => developmentRefundKey(row.id),
    chargeCents: chargeOf,
    phase: (row) => (row.state === "reserved" ? "reserved" : row.state === "refunding" ? "refunding" : null),
    intentId: (row) => row.paymentIntentId,
    charge: async (row) =>
      chargeAsDescribed(
        gateway,
        row.customerId ?? (await ensureCustomer(deps, row.userId)),
        developmentCharge(row),
        paymentMethodId,
      ),
    async note(row, intent) {
      if (row.paymentIntentId === intent.id) return;
      await stepsOf(deps).note(row, intent);
    },
    async awaitPlayer(row, intent) {
      row.paymentIntentId = intent.id;
      return holdForPlayer(deps, {
        kind: "development",
        id: row.id,
        userId: row.userId,
        intentId: intent.id,
      });
    },
    settle: (row, intent) => stepsOf(deps).settle(row, intent),
    async settled(row) {
      const [now] = await db.select().from(developments).where(eq(developments.id, row.id));
      return now && (now.state === "constructing" || now.state === "completed")
        ? developedOf(deps, now)
        : null;
    },
    release: (row, failure) =>
      db.transaction(async (tx) => {
        if (!(await setState(tx, row, ["reserved"], "failed", { failure, awaitingUntil: null })))
          return false;
        await releaseCredits(tx, row);
        return true;
      }),
    beginRefund: (row, failure, intentId) =>
      setState(db, row, ["reserved", "refunding"], "refunding", {
        failure,
        ...(intentId ? { paymentIntentId: intentId } : {}),
      }),
    endRefund: (row, failure) =>
      db.transaction(async (tx) => {
        if (await setState(tx, row, ["refunding"], "refunded", { failure })) await releaseCredits(tx, row);
      }),
    find: (row) => findIntent(gateway, row.paymentIntentId, () => developmentCharge(row)),
    cancel: (intent) =>
      cancelIntent(gateway, intent, developmentChargeKey(intent.metadata.developmentId ?? intent.id)),
    playerGone: (row) => playerDeleted(db, row.userId),
  };
}

/**
 * POST properties/develop/confirm: after the owner confirmed the payment with their bank (or approved it at PayPal),
 * the payment is read again and the development finished: started, still waiting, or failed (nothing charged).
 */
export async function confirmDevelopment(
  deps: AppDeps,
  userId: string,
  developmentId: string,
): Promise<DevelopResult> {
  const [row] = await deps.db
    .select()
    .from(developments)
    .where(and(eq(developments.id, developmentId), eq(developments.userId, userId)));
  if (!row) throw new AppError("NOT_FOUND", `No development with id ${developmentId}.`);
  if (row.state === "constructing" || row.state === "completed") return developedOf(deps, row);
  if (row.state !== "reserved" || !row.paymentIntentId) {
    throw new AppError(
      "CONFLICT",
      `This development has ${row.state}: ${row.failure ?? "nothing was charged"}.`,
    );
  }
  return resultOf(row, await confirmOperation(developmentOperation(deps, null), row));
}

/** After the processor's notice: the development it names, if still reserved, finished (money/operation.ts). */
export async function finishDevelopmentPayment(deps: AppDeps, intent: GatewayIntent): Promise<void> {
  const id = intent.metadata.developmentId;
  if (!id) return;
  const [row] = await deps.db.select().from(developments).where(eq(developments.id, id));
  await finishFromNotice(developmentOperation(deps, null), row, intent, deps.log);
}
