import { randomBytes } from "node:crypto";
import { uniqueViolation } from "@mx/kit/db-errors";
import {
  goodsTotalCents,
  type PaypalApi,
  PaypalError,
  type PaypalOrder,
  type PaypalOrderStatus,
  type PaypalPayout,
} from "@mx/processors/paypal-api";
import { and, eq } from "drizzle-orm";
import type { Db } from "./db";
import { sandboxPaypalOrders, sandboxPaypalPayouts, sandboxPaypalRefunds } from "./schema";

/** PayPal's ids: 17 upper-case letters and digits. */
const paypalId = () =>
  Array.from(randomBytes(17), (b) => "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[b % 36]).join("");

/** PayPal honours an authorization for 3 days and keeps it valid for 29. */
const AUTHORIZATION_VALID_MS = 29 * 24 * 60 * 60_000;

/** The sandbox's test buyer: who approves on the sandbox's page, as PayPal's sandbox personal account would. */
export const SANDBOX_PAYPAL_BUYER = "sandbox-buyer@example.com";
/** The test buyer's PayPal account id (PayPal's payer_id), where the sandbox's payouts go. */
export const SANDBOX_PAYPAL_PAYER_ID = "SANDBOXBUYER7";

type OrderRow = typeof sandboxPaypalOrders.$inferSelect;

function present(row: OrderRow): PaypalOrder {
  return {
    id: row.id,
    status: row.status as PaypalOrderStatus,
    intent: row.intent as "CAPTURE" | "AUTHORIZE",
    amountCents: row.amountCents,
    currency: row.currency,
    customId: row.customId,
    referenceId: row.referenceId,
    approveUrl: row.status === "CREATED" ? `/sandbox/paypal/approve/${row.id}` : null,
    payerCancelled: row.payerAction === "cancelled",
    authorization: row.authorizationId
      ? {
          id: row.authorizationId,
          status: row.authorizationStatus ?? "CREATED",
          expiresAt: row.authorizationExpiresAt?.toISOString() ?? null,
        }
      : null,
    capture: row.captureId
      ? { id: row.captureId, status: row.captureStatus ?? "COMPLETED", amountCents: row.capturedCents }
      : null,
    refundedCents: row.refundedCents,
    createdAt: row.createdAt.toISOString(),
    payer:
      row.payerAction === "approved" || row.payerAction === "declined"
        ? { id: SANDBOX_PAYPAL_PAYER_ID, email: SANDBOX_PAYPAL_BUYER }
        : null,
  };
}

function presentPayout(row: typeof sandboxPaypalPayouts.$inferSelect): PaypalPayout {
  return {
    id: row.id,
    senderBatchId: row.senderBatchId,
    status: row.status,
    amountCents: row.amountCents,
    currency: row.currency,
    receiver: row.receiver,
    itemStatus: row.itemStatus,
  };
}

/** PayPal's answer for an id it does not know: RESOURCE_NOT_FOUND, its issue INVALID_RESOURCE_ID. */
const notFound = (what: string, id: string) =>
  new PaypalError("INVALID_RESOURCE_ID", `The specified resource ${what} ${id} does not exist.`, 404);

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
  async function orderRow(id: string): Promise<OrderRow> {
    const [row] = await db.select().from(sandboxPaypalOrders).where(eq(sandboxPaypalOrders.id, id));
    if (!row) throw notFound("order", id);
    return row;
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

  return {
    kind: "sandbox",
    clientId: null,

    async createOrder(input) {
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
    },

    getOrder: async (id) => present(await orderRow(id)),

    async captureOrder({ id }) {
      const row = await orderRow(id);
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
      return present(updated ?? (await orderRow(id)));
    },

    async authorizeOrder({ id }) {
      const row = await orderRow(id);
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
      return present(updated ?? (await orderRow(id)));
    },

    async captureAuthorization({ authorizationId, amountCents }) {
      const [row] = await db
        .select()
        .from(sandboxPaypalOrders)
        .where(eq(sandboxPaypalOrders.authorizationId, authorizationId));
      if (!row) throw notFound("authorization", authorizationId);
      if (row.authorizationStatus === "CAPTURED" && row.captureId) {
        return { id: row.captureId, status: "COMPLETED" };
      }
      if (row.authorizationStatus !== "CREATED") {
        throw new PaypalError(
          "AUTHORIZATION_ALREADY_COMPLETED",
          `Authorization has been ${row.authorizationStatus?.toLowerCase()}.`,
          422,
        );
      }
      if (amountCents > row.amountCents) {
        throw new PaypalError("MAX_CAPTURE_AMOUNT_EXCEEDED", "Capture amount exceeds allowable limit.", 422);
      }
      const captureId = paypalId();
      const [updated] = await db
        .update(sandboxPaypalOrders)
        .set({
          authorizationStatus: "CAPTURED",
          captureId,
          captureStatus: "COMPLETED",
          capturedCents: amountCents,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(sandboxPaypalOrders.authorizationId, authorizationId),
            eq(sandboxPaypalOrders.authorizationStatus, "CREATED"),
          ),
        )
        .returning();
      return {
        id: updated?.captureId ?? (await orderRow(row.id)).captureId ?? captureId,
        status: "COMPLETED",
      };
    },

    async voidAuthorization({ authorizationId }) {
      const [row] = await db
        .select()
        .from(sandboxPaypalOrders)
        .where(eq(sandboxPaypalOrders.authorizationId, authorizationId));
      if (!row) throw notFound("authorization", authorizationId);
      if (row.authorizationStatus === "VOIDED") return;
      if (row.authorizationStatus !== "CREATED") {
        throw new PaypalError(
          "PREVIOUSLY_CAPTURED",
          "Authorization has been previously captured and hence cannot be voided.",
          422,
        );
      }
      await db
        .update(sandboxPaypalOrders)
        .set({ authorizationStatus: "VOIDED", updatedAt: new Date() })
        .where(
          and(
            eq(sandboxPaypalOrders.authorizationId, authorizationId),
            eq(sandboxPaypalOrders.authorizationStatus, "CREATED"),
          ),
        );
    },

    async refundCapture({ captureId, amountCents, requestId }) {
      return db.transaction(async (tx) => {
        const [done] = await tx
          .select()
          .from(sandboxPaypalRefunds)
          .where(eq(sandboxPaypalRefunds.requestId, requestId));
        if (done) return { id: done.id, status: "COMPLETED", amountCents: done.amountCents };
        const [row] = await tx
          .select()
          .from(sandboxPaypalOrders)
          .where(eq(sandboxPaypalOrders.captureId, captureId))
          .for("update");
        if (!row) throw notFound("capture", captureId);
        if (row.refundedCents + amountCents > row.capturedCents) {
          throw new PaypalError(
            "REFUND_AMOUNT_EXCEEDED",
            "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
            422,
          );
        }
        const refunded = row.refundedCents + amountCents;
        await tx
          .update(sandboxPaypalOrders)
          .set({
            refundedCents: refunded,
            captureStatus: refunded === row.capturedCents ? "REFUNDED" : "PARTIALLY_REFUNDED",
            updatedAt: new Date(),
          })
          .where(eq(sandboxPaypalOrders.id, row.id));
        const id = paypalId();
        await tx.insert(sandboxPaypalRefunds).values({ id, requestId, captureId, amountCents });
        return { id, status: "COMPLETED", amountCents };
      });
    },

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
