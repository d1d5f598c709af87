import { type PaypalApi, PaypalError, type PaypalPayout } from "@mx/processors/paypal-api";
import { eq } from "drizzle-orm";
import type { Db } from "../db";
import { SENDER_BATCH_ID_USED, sendSandboxPaypalPayout } from "../paypal";
import { sandboxPaypalPayouts } from "../schema";
import type { PaypalCall } from "./paypal-orders";
import { API, type CannedReply, centsOf, type Json } from "./paypal-replies";

/* PayPal's Payouts v1, by the sandbox. */

/** A payout batch in Payouts v1's shape: its header, and its one item once PayPal names it. */
export const payoutJson = (payout: PaypalPayout, created = false): Json => {
  const amount = { value: (payout.amountCents / 100).toFixed(2), currency: payout.currency };
  const self = [{ href: `${API}/v1/payments/payouts/${payout.id}`, rel: "self", method: "GET" }];
  const header = {
    payout_batch_id: payout.id,
    sender_batch_header: { sender_batch_id: payout.senderBatchId, recipient_type: "PAYPAL_ID" },
  };
  // Created: PayPal answers with the header alone, still pending.
  if (created) return { batch_header: { ...header, batch_status: "PENDING" }, links: self };
  return {
    batch_header: { ...header, batch_status: payout.status, amount },
    items: [
      {
        transaction_status: payout.itemStatus ?? undefined,
        payout_batch_id: payout.id,
        payout_item: { recipient_type: "PAYPAL_ID", receiver: payout.receiver, amount },
      },
    ],
    links: self,
  };
};

/** PayPal's refusal of a batch whose sender_batch_id was used, with a link to the batch that used it. */
async function batchIdUsed(db: Db, senderBatchId: string): Promise<CannedReply> {
  const [used] = await db
    .select({ id: sandboxPaypalPayouts.id })
    .from(sandboxPaypalPayouts)
    .where(eq(sandboxPaypalPayouts.senderBatchId, senderBatchId));
  return {
    status: 400,
    body: {
      name: "USER_BUSINESS_ERROR",
      message: "User business error.",
      debug_id: "emu0debug",
      details: [{ field: "SENDER_BATCH_ID", issue: SENDER_BATCH_ID_USED }],
      links: [{ href: `${API}/v1/payments/payouts/${used?.id}`, rel: "self", method: "GET" }],
    },
  };
}

/** POST /v1/payments/payouts: a batch of one item; GET /v1/payments/payouts/{id}. */
export async function payouts(paypal: PaypalApi, db: Db, call: PaypalCall): Promise<CannedReply | null> {
  const { method, id, body, requestId } = call;
  if (method === "POST" && !id) {
    const header = (body?.sender_batch_header ?? {}) as Json;
    const item = ((body?.items as Json[] | undefined) ?? [])[0] ?? {};
    const amount = (item.amount ?? {}) as Json;
    const senderBatchId = String(header.sender_batch_id ?? "");
    const input = {
      receiver: String(item.receiver ?? ""),
      amountCents: centsOf(amount),
      currency: String(amount.currency ?? ""),
      senderBatchId,
      note: String(item.note ?? ""),
    };
    try {
      return { status: 201, body: payoutJson(await sendSandboxPaypalPayout(db, input, requestId), true) };
    } catch (error) {
      if (!(error instanceof PaypalError) || error.message !== SENDER_BATCH_ID_USED) throw error;
      return batchIdUsed(db, senderBatchId);
    }
  }
  if (id && method === "GET") return { status: 200, body: payoutJson(await paypal.getPayout(id)) };
  return null;
}
