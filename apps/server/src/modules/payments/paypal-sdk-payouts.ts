import type { PaypalApi, PaypalPayout } from "@mx/processors/paypal-api";
import { type PaypalRest, restRefusal } from "./paypal-sdk-rest";
import { amountOf, type PayoutBatchReply, presentPayout } from "./paypal-sdk-shapes";

/** The payout a refusal's links point at (a sender_batch_id used before names the payout it made), if any. */
function earlierPayoutId(text: string): string | undefined {
  const reply = (() => {
    try {
      return JSON.parse(text) as { links?: { href?: string; rel?: string }[] };
    } catch {
      return {};
    }
  })();
  return reply.links?.map((l) => l.href?.match(/\/v1\/payments\/payouts\/([^/?]+)$/)?.[1]).find(Boolean);
}

/** Payouts v1 over REST: one payout batch of one item per payout, keyed by its sender_batch_id. */
export function paypalPayouts(rest: PaypalRest): Pick<PaypalApi, "sendPayout" | "getPayout"> {
  /** A payout batch, read by PayPal's id. */
  async function getPayout(id: string): Promise<PaypalPayout> {
    const response = await rest("GET", `/v1/payments/payouts/${encodeURIComponent(id)}`);
    if (!response.ok) throw await restRefusal(response);
    return presentPayout((await response.json()) as PayoutBatchReply);
  }

  return {
    async sendPayout({ receiver, amountCents, currency, senderBatchId, note }) {
      const response = await rest("POST", "/v1/payments/payouts", {
        requestId: senderBatchId,
        body: {
          sender_batch_header: {
            sender_batch_id: senderBatchId,
            recipient_type: "PAYPAL_ID",
            email_subject: "You have a payment from Manhattan Exchange",
            email_message: note,
          },
          items: [
            {
              recipient_type: "PAYPAL_ID",
              receiver,
              sender_item_id: senderBatchId,
              note,
              amount: { value: amountOf(amountCents), currency: currency.toUpperCase() },
            },
          ],
        },
      });
      if (response.ok) {
        return presentPayout((await response.json()) as PayoutBatchReply, { receiver, amountCents });
      }
      // A sender_batch_id used before is refused with a link to the payout it made: that payout is the answer.
      const text = await response.text();
      const original = earlierPayoutId(text);
      if (response.status === 400 && original) return getPayout(original);
      throw await restRefusal(new Response(text, { status: response.status }));
    },

    getPayout,
  };
}
