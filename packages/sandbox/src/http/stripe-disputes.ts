import type { GatewayDispute, GatewayFraudWarning } from "@mx/processors/gateway";
import type { StripeCall, StripeHere } from "./stripe-context";
import { type CannedReply, ok, seconds } from "./stripe-replies";

/* Stripe's disputes and Radar's early fraud warnings, answered by the sandbox processor's own. */

/** The dispute's movements on the platform's balance: the amount and fee withdrawn, and the amount given back. */
function balanceTransactions(dispute: GatewayDispute) {
  const moved = (kind: "withdrawn" | "reinstated", amount: number, fee: number) => ({
    id: `txn_${kind}_${dispute.id}`,
    object: "balance_transaction",
    amount,
    fee,
    net: amount - fee,
    currency: dispute.currency,
    created: seconds(dispute.createdAt),
    description: `Chargeback ${kind} for ${dispute.id}`,
    reporting_category: kind === "withdrawn" ? "dispute" : "dispute_reversal",
    type: "adjustment",
    status: "available",
  });
  const moves = [];
  if (dispute.fundsWithdrawn || dispute.fundsReinstated) {
    moves.push(moved("withdrawn", -dispute.amountCents, dispute.feeCents));
  }
  if (dispute.fundsReinstated) moves.push(moved("reinstated", dispute.amountCents, 0));
  return moves;
}

/** A dispute as Stripe returns it. */
function renderDispute(dispute: GatewayDispute) {
  const answered = dispute.status !== "needs_response";
  return {
    id: dispute.id,
    object: "dispute",
    amount: dispute.amountCents,
    balance_transactions: balanceTransactions(dispute),
    charge: `ch_for_${dispute.paymentIntentId}`,
    created: seconds(dispute.createdAt),
    currency: dispute.currency,
    evidence: { uncategorized_text: null, uncategorized_file: null },
    evidence_details: {
      due_by: dispute.evidenceDueBy ? seconds(dispute.evidenceDueBy) : null,
      has_evidence: answered,
      past_due: false,
      submission_count: answered ? 1 : 0,
    },
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: dispute.paymentIntentId,
    reason: dispute.reason,
    status: dispute.status,
  };
}

/** An early fraud warning as Stripe returns it. */
function renderFraudWarning(warning: GatewayFraudWarning) {
  return {
    id: warning.id,
    object: "radar.early_fraud_warning",
    actionable: warning.actionable,
    charge: `ch_for_${warning.paymentIntentId}`,
    created: seconds(warning.createdAt),
    fraud_type: warning.fraudType,
    livemode: false,
    payment_intent: warning.paymentIntentId,
  };
}

/** A time in a list's `created[…]` filter, in seconds. */
const timeOf = (value: string | null, otherwise: Date) =>
  value ? new Date(Number(value) * 1000) : otherwise;

/** GET /v1/disputes: oldest to newest as the sandbox lists them, newest first as Stripe does, a page at a time. */
async function listDisputes({ sandbox }: StripeHere, { query }: StripeCall): Promise<CannedReply> {
  const all = await sandbox.listDisputes({
    createdFrom: timeOf(query.get("created[gte]"), new Date(0)),
    createdTo: timeOf(query.get("created[lte]"), new Date(8.64e15)),
  });
  const newestFirst = [...all].reverse();
  const after = query.get("starting_after");
  const start = after ? newestFirst.findIndex((d) => d.id === after) + 1 : 0;
  const limit = Math.min(Math.max(Number(query.get("limit") ?? 10) || 10, 1), 100);
  const page = newestFirst.slice(start, start + limit);
  return ok({
    object: "list",
    url: "/v1/disputes",
    has_more: start + limit < newestFirst.length,
    data: page.map(renderDispute),
  });
}

/**
 * /v1/disputes: the list, a dispute read, and its update. An update with evidence and `submit` gives the evidence
 * (the sandbox decides it as Stripe's test mode does); without `submit` the dispute is answered as it is.
 */
export async function disputes(here: StripeHere, call: StripeCall): Promise<CannedReply | null> {
  const { method, id, action, body } = call;
  if (action) return null;
  if (!id) return method === "GET" ? listDisputes(here, call) : null;
  if (method === "GET") return ok(renderDispute(await here.sandbox.retrieveDispute(id)));
  if (method !== "POST") return null;
  const text = body["evidence[uncategorized_text]"];
  if (body.submit === "true" && text) {
    return ok(renderDispute(await here.sandbox.submitDisputeEvidence({ id, text })));
  }
  return ok(renderDispute(await here.sandbox.retrieveDispute(id)));
}

/** GET /v1/radar/early_fraud_warnings/:id. */
export async function earlyFraudWarnings(
  { sandbox }: StripeHere,
  { method, id, action, sub }: StripeCall,
): Promise<CannedReply | null> {
  if (method !== "GET" || id !== "early_fraud_warnings" || !action || sub) return null;
  return ok(renderFraudWarning(await sandbox.retrieveFraudWarning(action)));
}
