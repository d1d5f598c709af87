import { failed, type Outcome, settleEach, succeeded } from "@mx/kit/batcher";
import { queryRows } from "@mx/kit/sql";
import {
  type CreateIntentInput,
  type GatewayIntent,
  GatewayRequestError,
  type IntentStatus,
} from "@mx/processors/gateway";
import { and, eq, gte, lte, or, sql } from "drizzle-orm";
import type { Db, Queryable } from "./db";
import { hasCardAftermath, queueCardAftermath, queueIntentAftermath } from "./notice-queue";
import { sandboxPaymentIntents, sandboxPaymentMethods } from "./schema";
import { chargeRefusal, randomText, sandboxId } from "./tokens";

/* The sandbox's payment intents, kept and changed as Stripe's. */

type IntentRow = typeof sandboxPaymentIntents.$inferSelect;
type PaymentMethodRow = typeof sandboxPaymentMethods.$inferSelect;

/** An intent's row as the processor interface tells it. */
export function present(row: PresentedRow): GatewayIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status as IntentStatus,
    amountCents: row.amountCents,
    capturedCents: row.capturedCents,
    refundedCents: row.refundedCents,
    currency: row.currency,
    captureMethod: row.captureMethod as "automatic" | "manual",
    customerId: row.customerId,
    paymentMethodId: row.paymentMethodId,
    metadata: row.metadata,
    nextActionUrl: row.status === "requires_action" ? `/sandbox/challenge/${row.id}` : null,
  };
}

/** The status a confirmed intent takes with a card: the bank's check first for Stripe's authentication cards. */
function confirmedStatus(behaviour: string, captureMethod: string): IntentStatus {
  if (behaviour === "authenticate") return "requires_action";
  return captureMethod === "manual" ? "requires_capture" : "succeeded";
}

/** The intent with this id; Stripe's refusal when there is none. */
export async function intentRow(db: Db, intentId: string): Promise<IntentRow> {
  const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, intentId));
  if (!row) throw new GatewayRequestError("resource_missing", `No such payment_intent: '${intentId}'`, 404);
  return row;
}

/** The payment method with this id, when it is the customer's (or no customer is named); else Stripe's refusal. */
export async function paymentMethodOf(db: Db, pmId: string, customerId: string | null) {
  const [pm] = await db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, pmId));
  if (!pm) throw new GatewayRequestError("resource_missing", `No such PaymentMethod: '${pmId}'`, 404);
  if (customerId && pm.customerId !== customerId) {
    throw new GatewayRequestError(
      "payment_method_not_attached",
      `The PaymentMethod ${pmId} does not belong to the Customer ${customerId}.`,
    );
  }
  return pm;
}

/** Charges or authorises: a refused card leaves the intent waiting for another payment method. */
export async function confirmIntent(db: Db, row: IntentRow, pmId: string): Promise<GatewayIntent> {
  if (!["requires_payment_method", "requires_confirmation"].includes(row.status)) {
    throw new GatewayRequestError(
      "payment_intent_unexpected_state",
      `You cannot confirm this PaymentIntent because it has a status of ${row.status}.`,
    );
  }
  const pm = await paymentMethodOf(db, pmId, row.customerId);
  const refusal = chargeRefusal(pm.behaviour);
  if (refusal) {
    await db
      .update(sandboxPaymentIntents)
      .set({ status: "requires_payment_method", paymentMethodId: pmId, updatedAt: new Date() })
      .where(eq(sandboxPaymentIntents.id, row.id));
    throw refusal;
  }
  const status = confirmedStatus(pm.behaviour, row.captureMethod);
  const [updated] = await db
    .update(sandboxPaymentIntents)
    .set({
      status,
      capturedCents: status === "succeeded" ? row.amountCents : 0,
      paymentMethodId: pmId,
      updatedAt: new Date(),
    })
    .where(and(eq(sandboxPaymentIntents.id, row.id), eq(sandboxPaymentIntents.status, row.status)))
    .returning();
  if (updated?.status === "succeeded") {
    await queueCardAftermath(db, [{ intentId: updated.id, behaviour: pm.behaviour }]);
  }
  if (!updated) {
    // Another confirm of the same intent got there first: one payment is confirmed once.
    const now = await intentRow(db, row.id);
    throw new GatewayRequestError(
      "payment_intent_unexpected_state",
      `You cannot confirm this PaymentIntent because it has a status of ${now.status}.`,
    );
  }
  return present(updated);
}

/** One intent asked for, planned: its row, and the refusal of its card if any; or why it cannot be made. */
function planIntent(
  input: CreateIntentInput,
  pm: Pick<PaymentMethodRow, "id" | "customerId" | "behaviour"> | null | undefined,
) {
  if (input.paymentMethodId && !pm) {
    return failed(
      new GatewayRequestError("resource_missing", `No such PaymentMethod: '${input.paymentMethodId}'`, 404),
    );
  }
  if (pm && input.customerId && pm.customerId !== input.customerId) {
    return failed(
      new GatewayRequestError(
        "payment_method_not_attached",
        `The PaymentMethod ${pm.id} does not belong to the Customer ${input.customerId}.`,
      ),
    );
  }
  const refusal = pm ? chargeRefusal(pm.behaviour) : null;
  const status =
    !pm || refusal ? "requires_payment_method" : confirmedStatus(pm.behaviour, input.captureMethod);
  const intentId = sandboxId("pi");
  return succeeded({
    refusal,
    row: {
      id: intentId,
      clientSecret: `${intentId}_secret_${randomText(12)}`,
      amountCents: input.amountCents,
      capturedCents: status === "succeeded" ? input.amountCents : 0,
      currency: input.currency,
      captureMethod: input.captureMethod,
      status,
      customerId: input.customerId,
      paymentMethodId: input.paymentMethodId ?? null,
      // As with Stripe, the operation's key is also kept where it can be searched for (see findPaymentIntent).
      metadata: {
        ...(input.metadata ?? {}),
        ...(input.idempotencyKey ? { operation: input.idempotencyKey } : {}),
      },
      idempotencyKey: input.idempotencyKey ?? null,
    },
  });
}

/** What an intent's reply is made of (see present), as the statements below return it. */
type PresentedRow = Pick<
  IntentRow,
  | "id"
  | "clientSecret"
  | "status"
  | "amountCents"
  | "capturedCents"
  | "refundedCents"
  | "currency"
  | "captureMethod"
  | "customerId"
  | "paymentMethodId"
  | "metadata"
>;

/** The cards of a batch of intents, by id: one named statement of fixed text, whatever the batch. */
const cardsOf = (db: Db, ids: string[]) =>
  queryRows<Pick<PaymentMethodRow, "id" | "customerId" | "behaviour">>(
    db,
    sql`select pm.id, pm.customer_id as "customerId", pm.behaviour from ${sandboxPaymentMethods} pm
      where pm.id = any(array(select json_array_elements_text(${JSON.stringify(ids)}::json)))`,
    "sandbox-intent-cards",
  );

/** A planned intent's row, as planIntent makes it. */
type PlannedRow = Extract<ReturnType<typeof planIntent>, { ok: true }>["value"]["row"];

/**
 * The intents planned, written by one named statement of fixed text: the rows go in as one JSON parameter, read by
 * their own names. An intent whose idempotency key is already taken is not written, and not returned.
 */
const insertIntents = (q: Queryable, rows: PlannedRow[]) =>
  queryRows<PresentedRow>(
    q,
    sql`
    insert into ${sandboxPaymentIntents} as pi (id, client_secret, amount_cents, captured_cents, currency, capture_method,
      status, customer_id, payment_method_id, metadata, idempotency_key)
    select r.id, r."clientSecret", r."amountCents", r."capturedCents", r.currency, r."captureMethod",
      r.status::sandbox.payment_intent_status, r."customerId", r."paymentMethodId", r.metadata, r."idempotencyKey"
    from json_to_recordset(${JSON.stringify(rows)}::json) as r(id text, "clientSecret" text, "amountCents" integer,
      "capturedCents" integer, currency text, "captureMethod" text, status text, "customerId" text,
      "paymentMethodId" text, metadata jsonb, "idempotencyKey" text)
    on conflict (idempotency_key) do nothing
    returning pi.id, pi.client_secret as "clientSecret", pi.status, pi.amount_cents as "amountCents",
      pi.captured_cents as "capturedCents", pi.refunded_cents as "refundedCents", pi.currency,
      pi.capture_method as "captureMethod", pi.customer_id as "customerId", pi.payment_method_id as "paymentMethodId",
      pi.metadata`,
    "sandbox-insert-intents",
  );

/**
 * Creates intents; with a card, already confirmed (charged, or authorised for manual capture). Intents asked for
 * at the same moment are written together: one read of their cards and one insert, as a busy checkout needs.
 */
export async function createIntents(db: Db, inputs: CreateIntentInput[]): Promise<Outcome<GatewayIntent>[]> {
  const pmIds = [...new Set(inputs.flatMap((i) => (i.paymentMethodId ? [i.paymentMethodId] : [])))];
  const pms = new Map(pmIds.length === 0 ? [] : (await cardsOf(db, pmIds)).map((pm) => [pm.id, pm]));
  const planned = inputs.map((input) =>
    planIntent(input, input.paymentMethodId ? pms.get(input.paymentMethodId) : null),
  );
  const rows = planned.flatMap((p) => (p.ok ? [p.value.row] : []));
  const behaviour = (row: { paymentMethodId?: string | null }) =>
    pms.get(row.paymentMethodId ?? "")?.behaviour ?? "ok";
  const insert = (q: Queryable) => insertIntents(q, rows);
  // A charge on a card that is disputed later: its notice is queued with it, or neither is written. Charges on any
  // other card need no more than their own rows, written by one statement.
  const followed = rows.some((row) => row.status === "succeeded" && hasCardAftermath(behaviour(row)));
  const write = async (): Promise<PresentedRow[]> => {
    if (rows.length === 0) return [];
    if (!followed) return insert(db);
    return db.transaction(async (tx) => {
      const inserted = await insert(tx);
      await queueCardAftermath(
        tx,
        inserted
          .filter((row) => row.status === "succeeded")
          .map((row) => ({ intentId: row.id, behaviour: behaviour(row) })),
      );
      return inserted;
    });
  };
  const made = await write();
  const written = new Map(made.map((row) => [row.id, row]));
  // From here on nothing may throw: the intents are written, and a batch that throws is run again.
  return settleEach(planned, async (p) => {
    if (!p.ok) throw p.error;
    const row = written.get(p.value.row.id);
    if (!row) {
      // The same idempotency key again: the first intent, as it stands now.
      const [existing] = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.idempotencyKey, p.value.row.idempotencyKey ?? ""));
      if (!existing) throw new Error("idempotent intent vanished");
      return present(existing);
    }
    if (p.value.refusal) throw p.value.refusal;
    return present(row);
  });
}

/** The intent an operation made, found by its key or by the key kept in its metadata. */
export async function findIntent(db: Db, { operation }: { operation: string }) {
  const [row] = await db
    .select()
    .from(sandboxPaymentIntents)
    .where(
      or(
        eq(sandboxPaymentIntents.idempotencyKey, operation),
        sql`${sandboxPaymentIntents.metadata}->>'operation' = ${operation}`,
      ),
    )
    .limit(1);
  return row ? present(row) : null;
}

/** The intents made between two times, oldest first. */
export async function listIntents(
  db: Db,
  { createdFrom, createdTo }: { createdFrom: Date; createdTo: Date },
) {
  const rows = await db
    .select()
    .from(sandboxPaymentIntents)
    .where(
      and(gte(sandboxPaymentIntents.createdAt, createdFrom), lte(sandboxPaymentIntents.createdAt, createdTo)),
    )
    .orderBy(sandboxPaymentIntents.createdAt);
  return rows.map(present);
}

/** Captures an authorised intent, all of it or less; a repeat under the same key answers as the first did. */
export async function captureIntent(
  db: Db,
  {
    id: intentId,
    amountCents,
    idempotencyKey,
  }: { id: string; amountCents?: number; idempotencyKey?: string },
) {
  const row = await intentRow(db, intentId);
  // As Stripe: a repeat of the same capture (same key) answers as the first did; any other capture of a
  // captured intent is refused. The repeat queues again what follows the capture, should the first have stopped
  // short of it (a notice is queued once).
  if (row.status === "succeeded" && idempotencyKey && row.captureKey === idempotencyKey) {
    await queueIntentAftermath(db, [{ intentId: row.id, paymentMethodId: row.paymentMethodId }]);
    return present(row);
  }
  const amount = amountCents ?? row.amountCents;
  if (row.status !== "requires_capture") {
    throw new GatewayRequestError(
      "payment_intent_unexpected_state",
      `This PaymentIntent could not be captured because it has a status of ${row.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
    );
  }
  if (!Number.isInteger(amount) || amount <= 0 || amount > row.amountCents) {
    throw new GatewayRequestError(
      "amount_too_large",
      "The amount to capture is more than the authorised amount.",
    );
  }
  const [updated] = await db
    .update(sandboxPaymentIntents)
    .set({
      status: "succeeded",
      capturedCents: amount,
      captureKey: idempotencyKey ?? null,
      updatedAt: new Date(),
    })
    .where(and(eq(sandboxPaymentIntents.id, intentId), eq(sandboxPaymentIntents.status, "requires_capture")))
    .returning();
  if (updated) {
    // A hold on a card that is disputed later is disputed once captured.
    await queueIntentAftermath(db, [{ intentId: updated.id, paymentMethodId: updated.paymentMethodId }]);
  }
  return present(updated ?? (await intentRow(db, intentId)));
}

/** Cancels an intent not yet charged; a cancelled one stays so. */
export async function cancelIntent(db: Db, intentId: string) {
  const row = await intentRow(db, intentId);
  if (row.status === "canceled") return present(row);
  if (row.status === "succeeded" || row.status === "processing") {
    throw new GatewayRequestError(
      "payment_intent_unexpected_state",
      `You cannot cancel this PaymentIntent because it has a status of ${row.status}.`,
    );
  }
  const [updated] = await db
    .update(sandboxPaymentIntents)
    .set({ status: "canceled", updatedAt: new Date() })
    .where(and(eq(sandboxPaymentIntents.id, intentId), eq(sandboxPaymentIntents.status, row.status)))
    .returning();
  return present(updated ?? (await intentRow(db, intentId)));
}
