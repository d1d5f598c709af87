import type {
  DisputeStatus,
  GatewayDispute,
  GatewayFraudWarning,
  PaymentGateway,
} from "@mx/processors/gateway";
import type Stripe from "stripe";
import { call, idOf } from "./stripe-call";

/** Stripe's dispute statuses onto ours: an inquiry (warning_*) is answered as a dispute is. */
const STATUS: Record<Stripe.Dispute.Status, DisputeStatus> = {
  warning_needs_response: "needs_response",
  warning_under_review: "under_review",
  warning_closed: "won",
  needs_response: "needs_response",
  under_review: "under_review",
  won: "won",
  lost: "lost",
  // A dispute the cardholder's bank withdrew before it was decided: the platform keeps the money.
  prevented: "won",
} as Record<Stripe.Dispute.Status, DisputeStatus>;

/** A Stripe dispute in the processor interface's words: funds and fee from its balance transactions. */
function disputeOf(dispute: Stripe.Dispute): GatewayDispute {
  const moves = dispute.balance_transactions ?? [];
  const withdrawn = moves.some((t) => t.amount < 0);
  const reinstated = moves.some((t) => t.amount > 0);
  const fee = moves.filter((t) => t.amount < 0).reduce((sum, t) => sum + t.fee, 0);
  const due = dispute.evidence_details?.due_by;
  return {
    id: dispute.id,
    processor: "stripe",
    paymentIntentId: idOf(dispute.payment_intent) ?? idOf(dispute.charge) ?? "",
    amountCents: dispute.amount,
    feeCents: fee,
    currency: dispute.currency,
    reason: dispute.reason,
    status: STATUS[dispute.status] ?? "needs_response",
    fundsWithdrawn: withdrawn && !reinstated,
    fundsReinstated: reinstated,
    evidenceDueBy: due ? new Date(due * 1000) : null,
    createdAt: new Date(dispute.created * 1000),
  };
}

function warningOf(warning: Stripe.Radar.EarlyFraudWarning): GatewayFraudWarning {
  return {
    id: warning.id,
    paymentIntentId: idOf(warning.payment_intent ?? null) ?? idOf(warning.charge) ?? "",
    fraudType: warning.fraud_type,
    actionable: warning.actionable,
    createdAt: new Date(warning.created * 1000),
  };
}

/** The stripe adapter's disputes and early fraud warnings, read and answered through the official SDK. */
export function stripeDisputes(
  stripe: Stripe,
): Pick<
  PaymentGateway,
  "retrieveDispute" | "listDisputes" | "submitDisputeEvidence" | "retrieveFraudWarning"
> {
  return {
    retrieveDispute: (id) => call(async () => disputeOf(await stripe.disputes.retrieve(id))),
    listDisputes: ({ createdFrom, createdTo }) =>
      call(async () => {
        const found: GatewayDispute[] = [];
        await stripe.disputes
          .list({
            created: {
              gte: Math.floor(createdFrom.getTime() / 1000),
              lte: Math.ceil(createdTo.getTime() / 1000),
            },
            limit: 100,
          })
          .autoPagingEach((dispute) => {
            found.push(disputeOf(dispute));
          });
        return found.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      }),
    submitDisputeEvidence: ({ id, text }) =>
      call(async () =>
        disputeOf(await stripe.disputes.update(id, { evidence: { uncategorized_text: text }, submit: true })),
      ),
    retrieveFraudWarning: (id) =>
      call(async () => warningOf(await stripe.radar.earlyFraudWarnings.retrieve(id))),
  };
}
