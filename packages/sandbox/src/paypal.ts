import { uniqueViolation } from "@mx/kit/db-errors";
import {
  goodsTotalCents,
  type PaypalApi,
  PaypalError,
  type PaypalOrder,
  type PaypalPayout,
} from "@mx/processors/paypal-api";
import { and, eq } from "drizzle-orm";
import type { Db } from "./db";
import { sandboxPaypalDisputeCalls } from "./paypal-disputes";
import { captureAuthorization, refundCapture, voidAuthorization } from "./paypal-payments";
import {
  notFound,
  type OrderRow,
  orderRow,
  paypalId,
  present,
  presentPayout,
  SANDBOX_PAYPAL_PAYER_ID,
} from "./paypal-records";
import { sandboxPaypalOrders, sandboxPaypalPayouts } from "./schema";

export { SANDBOX_PAYPAL_BUYER, SANDBOX_PAYPAL_PAYER_ID } from "./paypal-records";

/** PayPal honours an authorization for 3 days and keeps it valid for 29. */
const AUTHORIZATION_VALID_MS = 29 * 24 * 60 * 60_000;

/** PayPal's refusal of a sender_batch_id used before under another PayPal-Request-Id. */
export const SENDER_BATCH_ID_USED = "Batch with given sender_batch_id already exists";

type PayoutInput = Parameters<PaypalApi["sendPayout"]>[0];

/**
 * Payouts v1's create call as PayPal answers it: one payout per sender_batch_id. Sent again under the same
 * PayPal-Request-Id, it is a retry, answered with the payout made the first time; a sender_batch_id used before under
 * another request id is refused (400 USER_BUSINESS_ERROR), as PayPal refuses it.
 */
export async function sendSandboxPaypalPayout(
  db: Db,
  { receiver, amountCents, currency, senderBatchId }: PayoutInput,
  requestId: string,
): Promise<PaypalPayout> {
  const earlier = async () => {
    const [retried] = await db
      .select()
      .from(sandboxPaypalPayouts)
      .where(eq(sandboxPaypalPayouts.requestId, requestId));
    if (retried) return presentPayout(retried);
    const [used] = await db
      .select()
      .from(sandboxPaypalPayouts)
      .where(eq(sandboxPaypalPayouts.senderBatchId, senderBatchId));
    if (used) throw new PaypalError("USER_BUSINESS_ERROR", SENDER_BATCH_ID_USED, 400);
    return null;
  };
  const sent = await earlier();
  if (sent) return sent;
  if (receiver !== SANDBOX_PAYPAL_PAYER_ID) {
    throw new PaypalError("RECEIVER_UNREGISTERED", "Receiver is unregistered.", 422);
  }
  if (!Number.isInteger(amountCents) || amountCents <= 0) {
    throw new PaypalError("VALIDATION_ERROR", "Invalid amount.", 400);
  }
  try {
    const [row] = await db
      .insert(sandboxPaypalPayouts)
      .values({
        id: paypalId(),
        senderBatchId,
        requestId,
        receiver,
        amountCents,
        currency: currency.toUpperCase(),
        status: "SUCCESS",
      })
      .returning();
    if (!row) throw new Error("insert returned nothing");
    return presentPayout(row);
  } catch (error) {
    // The same batch sent twice at once: one payout, as PayPal makes.
    const made = uniqueViolation(error) === null ? null : await earlier();
    if (!made) throw error;
    return made;
  }
}

/**
 * What the sandbox's test buyer did on the approval page: approve (the order can be captured or authorized),
 * cancel (nothing can be), or approve with a wallet PayPal then declines (capture and authorize fail with
 * INSTRUMENT_DECLINED, as PayPal's negative testing does).
 */
export async function answerSandboxPaypal(
  db: Db,
  orderId: string,
  outcome: "approve" | "cancel" | "decline",
): Promise<PaypalOrder> {
  const [row] = await db.select().from(sandboxPaypalOrders).where(eq(sandboxPaypalOrders.id, orderId));
  if (!row) throw notFound("order", orderId);
  if (row.status !== "CREATED" || row.payerAction === "cancelled") return present(row);
  const [updated] = await db
    .update(sandboxPaypalOrders)
    .set(
      outcome === "cancel"
        ? { payerAction: "cancelled", updatedAt: new Date() }
        : {
            status: "APPROVED",
            payerAction: outcome === "approve" ? "approved" : "declined",
            updatedAt: new Date(),
          },
    )
    .where(and(eq(sandboxPaypalOrders.id, orderId), eq(sandboxPaypalOrders.status, "CREATED")))
    .returning();
  return present(updated ?? row);
}

/**
 * PayPal's Orders and Payments APIs, in-process and in our database. A create call sent again with the same request id
 * answers with the order made the first time, as PayPal does.
 */
export function createSandboxPaypal(db: Db): PaypalApi {
  return {
    kind: "sandbox",
    clientId: null,
    createOrder: (input) => createOrder(db, input),

    getOrder: async (id) => present(await orderRow(db, id)),

    ...sandboxPaypalDisputeCalls(db),

    async captureOrder({ id }) {
      const row = await orderRow(db, id);
      if (row.status === "COMPLETED") return present(row);
      approved(row, "CAPTURE");
      const [updated] = await db
        .update(sandboxPaypalOrders)
        .set({
          status: "COMPLETED",
          captureId: paypalId(),
          captureStatus: "COMPLETED",
          capturedCents: row.amountCents,
          updatedAt: new Date(),
        })
        .where(and(eq(sandboxPaypalOrders.id, id), eq(sandboxPaypalOrders.status, "APPROVED")))
        .returning();
      return present(updated ?? (await orderRow(db, id)));
    },

    async authorizeOrder({ id }) {
      const row = await orderRow(db, id);
      if (row.status === "COMPLETED") return present(row);
      approved(row, "AUTHORIZE");
      const [updated] = await db
        .update(sandboxPaypalOrders)
        .set({
          status: "COMPLETED",
          authorizationId: paypalId(),
          authorizationStatus: "CREATED",
          authorizationExpiresAt: new Date(Date.now() + AUTHORIZATION_VALID_MS),
          updatedAt: new Date(),
        })
        .where(and(eq(sandboxPaypalOrders.id, id), eq(sandboxPaypalOrders.status, "APPROVED")))
        .returning();
      return present(updated ?? (await orderRow(db, id)));
    },

    captureAuthorization: (input) => captureAuthorization(db, input),
    voidAuthorization: (input) => voidAuthorization(db, input),
    refundCapture: (input) => refundCapture(db, input),

    // Sent as the app's PayPal adapter sends it, its sender_batch_id its request id; a batch id used before is
    // refused with the payout it made, which that adapter then reads: that payout is the answer.
    async sendPayout(input) {
      try {
        return await sendSandboxPaypalPayout(db, input, input.senderBatchId);
      } catch (error) {
        if (!(error instanceof PaypalError) || error.message !== SENDER_BATCH_ID_USED) throw error;
        const [used] = await db
          .select()
          .from(sandboxPaypalPayouts)
          .where(eq(sandboxPaypalPayouts.senderBatchId, input.senderBatchId));
        if (!used) throw error;
        return presentPayout(used);
      }
    },

    async getPayout(id) {
      const [row] = await db.select().from(sandboxPaypalPayouts).where(eq(sandboxPaypalPayouts.id, id));
      if (!row) throw notFound("payout", id);
      return presentPayout(row);
    },

    // The sandbox sends no webhooks (its orders are read back by the app itself), so no delivery is one it signed:
    // every one is refused, as PayPal refuses a delivery it did not sign.
    verifyWebhookSignature: async () => false,
  };
}

/** The payer's approval, as PayPal checks it before capturing or authorizing. */
function approved(row: OrderRow, intent: "CAPTURE" | "AUTHORIZE"): void {
  if (row.intent !== intent) {
    throw new PaypalError(
      "ACTION_DOES_NOT_MATCH_INTENT",
      `Order was created with an intent of '${row.intent}'.`,
      422,
    );
  }
  if (row.status !== "APPROVED") {
    throw new PaypalError("ORDER_NOT_APPROVED", "Payer has not yet approved the Order for payment.", 422);
  }
  if (row.payerAction === "declined") {
    throw new PaypalError(
      "INSTRUMENT_DECLINED",
      "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
      422,
    );
  }
}

/** An order made, or the one made before under the same request id. */
async function createOrder(db: Db, input: Parameters<PaypalApi["createOrder"]>[0]): Promise<PaypalOrder> {
  const [existing] = await db
    .select()
    .from(sandboxPaypalOrders)
    .where(eq(sandboxPaypalOrders.requestId, input.requestId));
  if (existing) return present(existing);
  // As PayPal does, an amount must be the sum of its breakdown.
  if (input.goods && goodsTotalCents(input.goods) !== input.amountCents) {
    throw new PaypalError(
      "AMOUNT_MISMATCH",
      "Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.",
      422,
    );
  }
  try {
    const [row] = await db
      .insert(sandboxPaypalOrders)
      .values({
        id: paypalId(),
        requestId: input.requestId,
        intent: input.intent,
        status: "CREATED",
        amountCents: input.amountCents,
        currency: input.currency.toUpperCase(),
        customId: input.customId,
        referenceId: input.referenceId,
        description: input.description,
      })
      .returning();
    return present(row as OrderRow);
  } catch (error) {
    // The same request at the same moment: PayPal answers both with the one order.
    if (uniqueViolation(error) === null) throw error;
    const [row] = await db
      .select()
      .from(sandboxPaypalOrders)
      .where(eq(sandboxPaypalOrders.requestId, input.requestId));
    if (!row) throw error;
    return present(row);
  }
}
