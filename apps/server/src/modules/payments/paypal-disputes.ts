import {
  type DisputeStatus,
  type GatewayDispute,
  GatewayRequestError,
  type PaymentGateway,
} from "@mx/processors/gateway";
import type { PaypalApi, PaypalDispute } from "@mx/processors/paypal-api";
import { CURRENCY } from "@mx/shared/constants";
import { intentIdOf } from "./paypal-intent";
import { call } from "./paypal-orders";

/** PayPal's ids of disputes: `PP-D-…` (older ones `PP-000-…`). */
export const isPaypalDispute = (id: string): boolean => /^PP-[A-Z0-9-]{1,60}$/.test(id);

/** A reversed capture, recorded as a dispute already lost: `reversal:<capture id>`. */
const REVERSAL = "reversal:";
const reversalIdOf = (captureId: string) => `${REVERSAL}${captureId}`;
const isReversal = (id: string): boolean => id.startsWith(REVERSAL);
/** The reason a reversal's dispute gives. */
const REVERSAL_REASON = "capture_reversed";

/** Outcomes of a resolved dispute that leave the seller the money. */
const SELLER_KEEPS = new Set(["RESOLVED_SELLER_FAVOUR", "CANCELED_BY_BUYER"]);

/** PayPal's status (and outcome, once resolved) in the processor interface's words. */
function statusOfPaypal(status: string, outcome: string | null): DisputeStatus {
  if (status === "OPEN" || status === "WAITING_FOR_SELLER_RESPONSE") return "needs_response";
  if (status === "RESOLVED") return outcome && SELLER_KEEPS.has(outcome) ? "won" : "lost";
  return "under_review";
}

/** When PayPal says a thing happened; null if it does not, or not readably. */
function dateOf(text: string | null): Date | null {
  const at = text ? new Date(text) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
}

/**
 * A PayPal dispute in the processor interface's words. PayPal holds the disputed amount while a dispute is open and
 * keeps it when the payer wins; a dispute the seller wins gives it back. The payment is named by our id of the order
 * whose capture it disputes, read from the capture.
 */
async function disputeOfPaypal(paypal: PaypalApi, dispute: PaypalDispute): Promise<GatewayDispute> {
  const capture = await paypal.getCapture(dispute.captureId);
  if (!capture.orderId) throw new Error(`PayPal's capture ${dispute.captureId} names no order`);
  const status = statusOfPaypal(dispute.status, dispute.outcome);
  return {
    id: dispute.id,
    processor: "paypal",
    paymentIntentId: intentIdOf(capture.orderId),
    amountCents: dispute.amountCents,
    feeCents: dispute.feeCents,
    currency: dispute.currency.toLowerCase(),
    reason: dispute.reason,
    status,
    fundsWithdrawn: status !== "won",
    fundsReinstated: status === "won",
    evidenceDueBy: status === "needs_response" ? dateOf(dispute.sellerResponseDueDate) : null,
    createdAt: dateOf(dispute.createTime) ?? new Date(0),
  };
}

/**
 * A reversed capture as the dispute it amounts to: lost, its funds withdrawn, for the capture's amount, with no
 * chance to answer; null if PayPal does not have the capture reversed. Its id is the capture's, so every notice of
 * it is one dispute.
 */
export async function reversalOf(
  paypal: PaypalApi,
  captureId: string,
  createdAt = new Date(),
): Promise<GatewayDispute | null> {
  const capture = await paypal.getCapture(captureId);
  if (capture.status !== "REVERSED" || !capture.orderId) return null;
  return {
    id: reversalIdOf(captureId),
    processor: "paypal",
    paymentIntentId: intentIdOf(capture.orderId),
    amountCents: capture.amountCents,
    feeCents: 0,
    currency: CURRENCY,
    reason: REVERSAL_REASON,
    status: "lost",
    fundsWithdrawn: true,
    fundsReinstated: false,
    evidenceDueBy: null,
    createdAt,
  };
}

/**
 * The gateway's disputes with PayPal's beside the card processor's: a `PP-…` id (or a reversal's) goes to PayPal,
 * any other to the cards; the list joins both.
 */
export function paypalDisputeCalls(
  cards: PaymentGateway,
  paypal: PaypalApi,
): Pick<PaymentGateway, "retrieveDispute" | "listDisputes" | "submitDisputeEvidence"> {
  async function retrieveDispute(id: string): Promise<GatewayDispute> {
    if (isReversal(id)) {
      const reversal = await call(() => reversalOf(paypal, id.slice(REVERSAL.length)));
      if (!reversal) throw new GatewayRequestError("resource_missing", `No reversed capture ${id}`, 404);
      return reversal;
    }
    if (!isPaypalDispute(id)) return cards.retrieveDispute(id);
    return call(async () => disputeOfPaypal(paypal, await paypal.getDispute(id)));
  }

  return {
    retrieveDispute,

    async listDisputes(window) {
      const fromCards = await cards.listDisputes(window);
      const listed = await call(() => paypal.listDisputes({ startTime: window.createdFrom }));
      const fromPaypal = await Promise.all(
        listed.map((dispute) => call(() => disputeOfPaypal(paypal, dispute))),
      );
      return [...fromCards, ...fromPaypal.filter((d) => d.createdAt <= window.createdTo)].sort(
        (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
      );
    },

    async submitDisputeEvidence(input) {
      if (!isPaypalDispute(input.id)) return cards.submitDisputeEvidence(input);
      await call(() => paypal.provideDisputeEvidence({ id: input.id, note: input.text }));
      return retrieveDispute(input.id);
    },
  };
}
