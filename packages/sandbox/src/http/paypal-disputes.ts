import type { PaypalApi, PaypalCapture, PaypalDispute } from "@mx/processors/paypal-api";
import type { PaypalCall } from "./paypal-orders";
import { API, type CannedReply, type Json, money } from "./paypal-replies";

/* PayPal's Disputes v1 and the capture read of Payments v2, by the sandbox. */

/** A dispute as Disputes v1 shows it: its disputed capture, amount, status and outcome, and the fee PayPal took. */
const disputeJson = (dispute: PaypalDispute): Json => ({
  dispute_id: dispute.id,
  create_time: dispute.createTime,
  update_time: dispute.createTime,
  disputed_transactions: [{ seller_transaction_id: dispute.captureId, seller_protection_eligible: true }],
  reason: dispute.reason,
  status: dispute.status,
  dispute_amount: money(dispute.amountCents, dispute.currency),
  ...(dispute.outcome ? { dispute_outcome: { outcome_code: dispute.outcome } } : {}),
  ...(dispute.sellerResponseDueDate ? { seller_response_due_date: dispute.sellerResponseDueDate } : {}),
  ...(dispute.feeCents > 0
    ? {
        money_movements: [
          {
            type: "DEBIT",
            reason: "DISPUTE_SETTLEMENT_FEE",
            amount: money(dispute.feeCents, dispute.currency),
          },
        ],
      }
    : {}),
  dispute_life_cycle_stage: "CHARGEBACK",
  links: [{ href: `${API}/v1/customer/disputes/${dispute.id}`, rel: "self", method: "GET" }],
});

/** A capture as Payments v2 shows it, with the order it belongs to. */
const captureJson = (capture: PaypalCapture): Json => ({
  id: capture.id,
  status: capture.status,
  amount: money(capture.amountCents, "USD"),
  supplementary_data: { related_ids: capture.orderId ? { order_id: capture.orderId } : {} },
  links: [{ href: `${API}/v2/payments/captures/${capture.id}`, rel: "self", method: "GET" }],
});

/**
 * GET /v1/customer/disputes?start_time=… (one page: the sandbox's few), GET /v1/customer/disputes/{id} and
 * POST /v1/customer/disputes/{id}/provide-evidence (the notes of its evidences, as one note).
 */
export async function disputes(
  paypal: PaypalApi,
  call: PaypalCall,
  query: URLSearchParams,
): Promise<CannedReply | null> {
  const { method, id, action, body } = call;
  if (!id && method === "GET") {
    const since = query.get("start_time");
    const listed = await paypal.listDisputes({ startTime: since ? new Date(since) : new Date(0) });
    return {
      status: 200,
      body: {
        items: listed.map((d) => ({ dispute_id: d.id, create_time: d.createTime, status: d.status })),
        links: [],
      },
    };
  }
  if (id && !action && method === "GET")
    return { status: 200, body: disputeJson(await paypal.getDispute(id)) };
  if (id && action === "provide-evidence" && method === "POST") {
    const evidences = (body?.evidences as Json[] | undefined) ?? [];
    const note = evidences.map((e) => String(e.notes ?? "")).join("\n");
    await paypal.provideDisputeEvidence({ id, note });
    return { status: 200, body: { links: [{ href: `${API}/v1/customer/disputes/${id}`, rel: "self" }] } };
  }
  return null;
}

/** GET /v2/payments/captures/{id}. */
export async function capture(paypal: PaypalApi, id: string): Promise<CannedReply> {
  return { status: 200, body: captureJson(await paypal.getCapture(id)) };
}
