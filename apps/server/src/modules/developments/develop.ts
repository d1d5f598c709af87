import {
  BUY_PROCESSING_FEE_CENTS,
  CURRENCY,
  DEVELOPMENT_KINDS,
  DEVELOPMENTS,
  type DevelopmentKind,
  developmentCostCents,
  SALES_TAX_CENTS,
} from "@mx/shared/constants";
import { errors } from "@mx/shared/messages";
import { dollarsToCents, formatCents } from "@mx/shared/money";
import type { DevelopData } from "@mx/shared/schemas/developments";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { properties } from "../../db/schema/buildings";
import { type DevelopmentState, developments } from "../../db/schema/developments";
import { paymentCards } from "../../db/schema/payments";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/errors";
import { lockKey } from "../../lib/locks";
import { newId } from "../../lib/secrets";
import { displayName, presentDevelopment, selectProperties } from "../buildings/present-property";
import { ensureCustomer } from "../cards/cards";
import { publishPublic } from "../events/publish";
import { accounts, postJournal } from "../ledger/ledger";
import { type MoneyOperation, runOperation, type Step, settleOrRefund } from "../money/operation";
import { creditsOf } from "../offerwall/credits";
import { type ActionRequired, AUTHENTICATION_FAILED, actionOf } from "../payments/bank-check";
import { CardError, type GatewayIntent } from "../payments/gateway";
import { confirmApproved, isPaypalIntent, PAYPAL_CANCELLED, PAYPAL_METHOD } from "../payments/paypal-gateway";
import { assertRoomToWait, holdForPlayer } from "../payments/waiting-payments";
import { buildingOf, durationSeconds, FEES_CENTS, readState, refusal } from "./building-state";
import { settleDueDevelopments } from "./construction";

export type DevelopmentRow = typeof developments.$inferSelect;
export type DevelopResult = DevelopData | { developmentId: string; action: ActionRequired };

/** The processor keys of a development: fixed by its id, so every retry and every recovery uses the same ones. */
export const developmentChargeKey = (id: string) => `development:${id}`;
export const developmentRefundKey = (id: string) => `development-refund:${id}`;

export type DevelopInput = {
  propertyId: string;
  kind: string;
  paymentMethodId?: string;
  credits?: number;
  paypal?: boolean;
};

/**
 * POST properties/develop. The money operation's three steps (money/operation.ts):
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
  const buildingId = await buildingOf(deps, input.propertyId);
  if (!buildingId) throw new AppError("NOT_FOUND", `No property with id ${input.propertyId}.`);
  await settleDueDevelopments(deps.db, [buildingId]);
  if (paypal) await assertRoomToWait(deps, userId);

  const id = newId();
  const row = await deps.db.transaction(async (tx) => {
    await lockKey(tx, `building:${buildingId}`);
    const state = await readState(tx, buildingId);
    if (!state) throw new AppError("NOT_FOUND", `No property with id ${input.propertyId}.`);
    const why = refusal(state, userId, kind);
    if (why) throw why;
    const costCents = developmentCostCents(kind, state.priceCents);
    const totalCents = costCents + FEES_CENTS;
    if (creditsCents > totalCents) {
      throw new AppError("BAD_REQUEST", `credits: must be at most the total of ${formatCents(totalCents)}`);
    }
    if (creditsCents < totalCents && !paypal) {
      const [card] = await tx
        .select({ id: paymentCards.id })
        .from(paymentCards)
        .where(
          and(
            eq(paymentCards.userId, userId),
            input.paymentMethodId
              ? eq(paymentCards.id, input.paymentMethodId)
              : eq(paymentCards.isDefault, true),
          ),
        )
        .limit(1);
      if (!card) {
        throw input.paymentMethodId
          ? new AppError("NOT_FOUND", "No such payment method.")
          : new AppError("BAD_REQUEST", errors.addCardFirst);
      }
      input = { ...input, paymentMethodId: card.id };
    }
    if (creditsCents > 0) {
      await lockKey(tx, `ledger:${accounts.credits(userId)}`);
      const { usableCents, usableFrom } = await creditsOf(tx, deps.config.offerwall.creditHoldHours, userId);
      if (usableFrom) {
        throw new AppError(
          "INSUFFICIENT_BALANCE",
          `Your credits can be spent from ${usableFrom.toISOString()}, ${deps.config.offerwall.creditHoldHours} hours after your account was created.`,
        );
      }
      if (usableCents < creditsCents) {
        throw new AppError(
          "INSUFFICIENT_BALANCE",
          `You have ${formatCents(usableCents)} of credits, less than the ${formatCents(creditsCents)} asked for.`,
        );
      }
    }
    const [inserted] = await tx
      .insert(developments)
      .values({
        id,
        userId,
        buildingId,
        kind,
        level: DEVELOPMENTS[kind].level,
        costCents,
        totalCents,
        creditsCents,
        state: "reserved",
        durationSeconds: durationSeconds(deps, kind),
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted)
      throw new AppError("CONFLICT", "A development of this building is being paid for right now.");
    if (creditsCents > 0) {
      await postJournal(tx, {
        kind: "development-credits",
        reference: id,
        memo: `credits held for development ${id}`,
        entries: [
          { account: accounts.credits(userId), amountCents: -creditsCents },
          { account: accounts.creditsHeld, amountCents: creditsCents },
        ],
      });
    }
    return inserted;
  });
  const op = developmentOperation(deps, paypal ? PAYPAL_METHOD : (input.paymentMethodId ?? null));
  return resultOf(row, await runOperation(op, row));
}

/** The operation's outcome as the route answers it: begun, or the owner's bank (or PayPal) to visit first. */
function resultOf(row: DevelopmentRow, step: Step<DevelopData>): DevelopResult {
  return "waiting" in step ? { developmentId: row.id, action: actionOf(step.waiting) } : step.done;
}

/** What a development paid for says: the building's development now, and what was charged. */
async function developedOf(deps: AppDeps, row: DevelopmentRow): Promise<DevelopData> {
  const [property] = await selectProperties(deps.db).where(eq(properties.buildingId, row.buildingId));
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

async function setState(
  q: Tx | AppDeps["db"],
  row: DevelopmentRow,
  from: DevelopmentState[],
  to: DevelopmentState,
  extra: Partial<DevelopmentRow> = {},
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
    memo: `credits given back: development ${row.id} did not go through`,
    entries: [
      { account: accounts.creditsHeld, amountCents: -row.creditsCents },
      { account: accounts.credits(row.userId), amountCents: row.creditsCents },
    ],
  });
}

/** The develop operation's steps, for the skeleton in money/operation.ts. */
export function developmentOperation(
  deps: AppDeps,
  paymentMethodId: string | null,
): MoneyOperation<DevelopmentRow, DevelopData> & {
  find(row: DevelopmentRow): Promise<GatewayIntent | null>;
  cancel(intent: GatewayIntent): Promise<void>;
} {
  const { gateway, db } = deps;
  return {
    name: "development",
    gateway,
    chargeKey: (row) => developmentChargeKey(row.id),
    refundKey: (row) => developmentRefundKey(row.id),
    chargeCents: chargeOf,
    phase: (row) => (row.state === "reserved" ? "reserved" : row.state === "refunding" ? "refunding" : null),
    intentId: (row) => row.paymentIntentId,
    async charge(row) {
      const customerId = await ensureCustomer(deps, row.userId);
      return gateway.createPaymentIntent({
        amountCents: chargeOf(row),
        currency: CURRENCY,
        customerId,
        ...(paymentMethodId ? { paymentMethodId } : {}),
        captureMethod: "automatic",
        metadata: {
          purpose: "development",
          developmentId: row.id,
          buildingId: row.buildingId,
          userId: row.userId,
          amountCents: String(chargeOf(row)),
        },
        idempotencyKey: developmentChargeKey(row.id),
      });
    },
    async note(row, intent) {
      if (row.paymentIntentId === intent.id) return;
      await db
        .update(developments)
        .set({ paymentIntentId: intent.id })
        .where(and(eq(developments.id, row.id), eq(developments.state, "reserved")));
      row.paymentIntentId = intent.id;
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
    async settle(row, intent) {
      const started = await db.transaction(async (tx) => {
        await lockKey(tx, `building:${row.buildingId}`);
        const state = await readState(tx, row.buildingId);
        // The building changed hands, went on sale or was developed meanwhile: the money goes back.
        if (
          !state ||
          state.ownerId !== row.userId ||
          state.forSale ||
          state.constructingUntil !== null ||
          state.developmentLevel !== row.level - 1
        ) {
          return false;
        }
        const completesAt = new Date(Date.now() + row.durationSeconds * 1000);
        if (
          !(await setState(tx, row, ["reserved"], "constructing", {
            completesAt,
            paymentIntentId: intent?.id ?? null,
            awaitingUntil: null,
          }))
        ) {
          return false;
        }
        await tx
          .update(properties)
          .set({ constructingUntil: completesAt, updatedAt: new Date() })
          .where(eq(properties.buildingId, row.buildingId));
        if (intent) {
          await tx.execute(sql`
            insert into payment_intents
              (id, user_id, provider, purpose, property_id, amount_cents, currency, capture_method, status, payment_method_id)
            values (${intent.id}, ${row.userId},
              ${isPaypalIntent(intent.id) ? "paypal" : gateway.kind}, 'development', ${row.buildingId}, ${chargeOf(row)},
              ${CURRENCY}, 'automatic', 'succeeded', ${intent.paymentMethodId})
            on conflict do nothing`);
        }
        await postJournal(tx, {
          kind: "development",
          reference: row.id,
          memo: `${DEVELOPMENTS[row.kind as DevelopmentKind]?.name ?? row.kind} of ${row.buildingId} for ${formatCents(row.costCents)}`,
          entries: [
            ...(chargeOf(row) > 0 ? [{ account: accounts.cardFunding, amountCents: -chargeOf(row) }] : []),
            ...(row.creditsCents > 0
              ? [{ account: accounts.creditsHeld, amountCents: -row.creditsCents }]
              : []),
            { account: accounts.developmentRevenue, amountCents: row.costCents },
            { account: accounts.platformFees, amountCents: BUY_PROCESSING_FEE_CENTS },
            { account: accounts.salesTaxPayable, amountCents: SALES_TAX_CENTS },
          ],
        });
        const [property] = await selectProperties(tx).where(eq(properties.buildingId, row.buildingId));
        if (property) {
          await publishPublic(tx, {
            type: "building.developing",
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
        row.state = "constructing";
        row.paymentIntentId = intent?.id ?? null;
        return true;
      });
      return started ? developedOf(deps, row) : null;
    },
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
    async reload(row) {
      const [now] = await db.select().from(developments).where(eq(developments.id, row.id));
      return now ?? null;
    },
    find: (row) =>
      row.paymentIntentId
        ? gateway.retrievePaymentIntent(row.paymentIntentId)
        : gateway.findPaymentIntent({ operation: developmentChargeKey(row.id) }),
    async cancel(intent) {
      await gateway.cancelPaymentIntent({
        id: intent.id,
        idempotencyKey: `${developmentChargeKey(intent.metadata.developmentId ?? intent.id)}:cancel`,
      });
    },
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
  const op = developmentOperation(deps, null);
  const intent = await confirmApproved(
    deps,
    await deps.gateway.retrievePaymentIntent(row.paymentIntentId),
    (failure) => op.release(row, failure),
  );
  switch (intent.status) {
    case "succeeded":
      return settleOrRefund(op, row, intent);
    case "requires_action":
      return { developmentId, action: actionOf(intent) };
    case "processing":
      throw new AppError(
        "PAYMENT_PROCESSING",
        "Your payment is still being processed. Construction starts once it clears; if it does not, nothing is charged.",
      );
    default: {
      await op.cancel(intent).catch(() => {});
      const failure = isPaypalIntent(intent.id) ? PAYPAL_CANCELLED : AUTHENTICATION_FAILED;
      await op.release(row, failure);
      throw new CardError("authentication_failed", failure);
    }
  }
}

/** After the processor's webhook: a development whose payment it reports settled starts, if still waiting. */
export async function finishDevelopmentPayment(deps: AppDeps, intent: GatewayIntent): Promise<void> {
  const id = intent.metadata.developmentId;
  if (!id || intent.status !== "succeeded") return;
  const [row] = await deps.db
    .select()
    .from(developments)
    .where(and(eq(developments.id, id), eq(developments.state, "reserved")));
  if (row?.paymentIntentId === intent.id && chargeOf(row) === intent.amountCents) {
    await settleOrRefund(developmentOperation(deps, null), row, intent).catch((error: unknown) =>
      deps.log?.warn({ err: error, developmentId: id }, "a paid development could not start; refunded"),
    );
  }
}
