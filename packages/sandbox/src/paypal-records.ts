import { randomBytes } from "node:crypto";
import {
  PaypalError,
  type PaypalOrder,
  type PaypalOrderStatus,
  type PaypalPayout,
} from "@mx/processors/paypal-api";
import { eq } from "drizzle-orm";
import type { Db } from "./db";
import { sandboxPaypalOrders, type sandboxPaypalPayouts } from "./schema";

/* The sandbox PayPal's records as PayPal tells them, and what its calls share. */

/** PayPal's ids: 17 upper-case letters and digits. */
export const paypalId = () =>
  Array.from(randomBytes(17), (b) => "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[b % 36]).join("");

/** The sandbox's test buyer: who approves on the sandbox's page, as PayPal's sandbox personal account would. */
export const SANDBOX_PAYPAL_BUYER = "sandbox-buyer@example.com";
/** The test buyer's PayPal account id (PayPal's payer_id), where the sandbox's payouts go. */
export const SANDBOX_PAYPAL_PAYER_ID = "SANDBOXBUYER7";

export type OrderRow = typeof sandboxPaypalOrders.$inferSelect;

/** An order's row as PayPal's Orders API tells it. */
export function present(row: OrderRow): PaypalOrder {
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

/** A payout's row as PayPal's Payouts API tells it. */
export function presentPayout(row: typeof sandboxPaypalPayouts.$inferSelect): PaypalPayout {
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
export const notFound = (what: string, id: string) =>
  new PaypalError("INVALID_RESOURCE_ID", `The specified resource ${what} ${id} does not exist.`, 404);

/** The order with this id; PayPal's refusal when there is none. */
export async function orderRow(db: Db, id: string): Promise<OrderRow> {
  const [row] = await db.select().from(sandboxPaypalOrders).where(eq(sandboxPaypalOrders.id, id));
  if (!row) throw notFound("order", id);
  return row;
}
