import {
  type DisputeStatus,
  type GatewayDispute,
  type GatewayFraudWarning,
  GatewayRequestError,
  type PaymentGateway,
} from "@mx/processors/gateway";
import { and, eq, gte, inArray, lte } from "drizzle-orm";
import type { Db, Queryable } from "./db";
import { intentRow } from "./intents";
import { queueNotice } from "./notice-queue";
import { sandboxDisputes, sandboxFraudWarnings, sandboxPaymentIntents } from "./schema";
import { sandboxId } from "./tokens";

/* The sandbox card processor's disputes and early fraud warnings, kept and told as Stripe's test mode does. */

type DisputeRow = typeof sandboxDisputes.$inferSelect;

/** Stripe's dispute fee, taken with the disputed amount when the funds are withdrawn. */
const SANDBOX_DISPUTE_FEE_CENTS = 1500;

/** The days a platform has to answer a dispute with evidence. */
const EVIDENCE_DAYS = 7;

/** The evidence texts Stripe's test mode decides a dispute by. */
const WINNING_EVIDENCE = "winning_evidence";
const LOSING_EVIDENCE = "losing_evidence";

/** The outcome evidence asks for: won or lost by Stripe's test texts, else none (the dispute stays under review). */
export function evidenceOutcome(text: string): "won" | "lost" | null {
  if (text.includes(WINNING_EVIDENCE)) return "won";
  if (text.includes(LOSING_EVIDENCE)) return "lost";
  return null;
}

/** Stripe's words for a dispute's state, in the platform's four (its warning_* inquiries onto the first two). */
const STATUS_OF: Record<DisputeRow["status"], DisputeStatus> = {
  warning_needs_response: "needs_response",
  needs_response: "needs_response",
  warning_under_review: "under_review",
  under_review: "under_review",
  warning_closed: "won",
  won: "won",
  prevented: "won",
  lost: "lost",
};

/** A dispute's row as the processor interface tells it. */
function presentDispute(row: DisputeRow): GatewayDispute {
  const status = STATUS_OF[row.status];
  return {
    id: row.id,
    processor: "sandbox",
    paymentIntentId: row.paymentIntentId,
    amountCents: row.amountCents,
    feeCents: row.feeCents,
    currency: row.currency,
    reason: row.reason,
    status,
    fundsWithdrawn: row.fundsWithdrawn,
    fundsReinstated: row.fundsReinstated,
    evidenceDueBy: status === "needs_response" ? row.evidenceDueBy : null,
    createdAt: row.createdAt,
  };
}

/** The dispute with this id; Stripe's refusal when there is none. */
async function disputeRow(db: Queryable, id: string): Promise<DisputeRow> {
  const [row] = await db.select().from(sandboxDisputes).where(eq(sandboxDisputes.id, id));
  if (!row) throw new GatewayRequestError("resource_missing", `No such dispute: '${id}'`, 404);
  return row;
}

/**
 * The cardholder disputes a payment: a dispute opened on it (once: a payment has one dispute at most), its amount
 * and fee withdrawn at once as Stripe withdraws them. Null when nothing is left of the payment to dispute.
 */
export async function openSandboxDispute(
  db: Db,
  paymentIntentId: string,
  reason: string,
): Promise<GatewayDispute | null> {
  const [existing] = await db
    .select()
    .from(sandboxDisputes)
    .where(eq(sandboxDisputes.paymentIntentId, paymentIntentId));
  if (existing) return presentDispute(existing);
  const intent = await intentRow(db, paymentIntentId);
  const amount = intent.capturedCents - intent.refundedCents;
  if (intent.status !== "succeeded" || amount <= 0) return null;
  const now = new Date();
  await db
    .insert(sandboxDisputes)
    .values({
      id: sandboxId("dp"),
      paymentIntentId,
      amountCents: amount,
      feeCents: SANDBOX_DISPUTE_FEE_CENTS,
      currency: intent.currency,
      reason,
      evidenceDueBy: new Date(now.getTime() + EVIDENCE_DAYS * 24 * 60 * 60_000),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: sandboxDisputes.paymentIntentId });
  const [row] = await db
    .select()
    .from(sandboxDisputes)
    .where(eq(sandboxDisputes.paymentIntentId, paymentIntentId));
  return row ? presentDispute(row) : null;
}

/** The card's issuer warns of fraud on a payment (once per payment). Null for a payment that was never charged. */
export async function raiseSandboxFraudWarning(
  db: Db,
  paymentIntentId: string,
  fraudType: string,
): Promise<GatewayFraudWarning | null> {
  const intent = await intentRow(db, paymentIntentId);
  if (intent.capturedCents <= 0) return null;
  await db
    .insert(sandboxFraudWarnings)
    .values({ id: sandboxId("issfr"), paymentIntentId, fraudType, actionable: true })
    .onConflictDoNothing({ target: sandboxFraudWarnings.paymentIntentId });
  const [row] = await db
    .select()
    .from(sandboxFraudWarnings)
    .where(eq(sandboxFraudWarnings.paymentIntentId, paymentIntentId));
  return row ? await presentWarning(db, row) : null;
}

/** A warning as Stripe tells it: actionable while its payment is neither fully refunded nor disputed. */
async function presentWarning(
  db: Queryable,
  row: typeof sandboxFraudWarnings.$inferSelect,
): Promise<GatewayFraudWarning> {
  const [intent] = await db
    .select()
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.id, row.paymentIntentId));
  const [dispute] = await db
    .select({ id: sandboxDisputes.id })
    .from(sandboxDisputes)
    .where(eq(sandboxDisputes.paymentIntentId, row.paymentIntentId));
  const refunded = intent ? intent.refundedCents >= intent.capturedCents : false;
  return {
    id: row.id,
    paymentIntentId: row.paymentIntentId,
    fraudType: row.fraudType,
    actionable: row.actionable && !refunded && !dispute,
    createdAt: row.createdAt,
  };
}

/** The bank decides a dispute under review: won gives the funds back, lost keeps them with the cardholder. */
export async function decideSandboxDispute(
  db: Db,
  id: string,
  outcome: "won" | "lost",
): Promise<GatewayDispute> {
  const [decided] = await db
    .update(sandboxDisputes)
    .set(
      outcome === "won"
        ? { status: "won", fundsWithdrawn: false, fundsReinstated: true, updatedAt: new Date() }
        : { status: "lost", updatedAt: new Date() },
    )
    .where(and(eq(sandboxDisputes.id, id), eq(sandboxDisputes.status, "under_review")))
    .returning();
  return presentDispute(decided ?? (await disputeRow(db, id)));
}

/**
 * The platform's evidence, submitted: the dispute goes under review, and Stripe's test texts decide it a little
 * later (`winning_evidence` won, `losing_evidence` lost; any other text leaves it under review). The same evidence
 * submitted again answers with the dispute as it stands; other evidence on a dispute no longer open is refused.
 */
async function submitSandboxEvidence(db: Db, id: string, text: string): Promise<GatewayDispute> {
  const row = await disputeRow(db, id);
  if (row.status !== "needs_response" && row.status !== "warning_needs_response") {
    if (row.evidence === text) return presentDispute(row);
    throw new GatewayRequestError(
      "dispute_not_open",
      `This dispute is ${row.status.replace("_", " ")}; its evidence can no longer be changed.`,
    );
  }
  if (row.evidenceDueBy.getTime() < Date.now()) {
    throw new GatewayRequestError("dispute_evidence_past_due", "The evidence for this dispute is past due.");
  }
  const [submitted] = await db
    .update(sandboxDisputes)
    .set({ status: "under_review", evidence: text, updatedAt: new Date() })
    .where(and(eq(sandboxDisputes.id, id), eq(sandboxDisputes.status, row.status)))
    .returning();
  if (!submitted) return submitSandboxEvidence(db, id, text);
  const outcome = evidenceOutcome(text);
  if (outcome) {
    await queueNotice(db, {
      key: `decide_dispute:${id}`,
      kind: "decide_dispute",
      subject: id,
      detail: { outcome },
      waits: true,
    });
  }
  return presentDispute(submitted);
}

/** Stripe's refusal to refund a charge its cardholder disputed (unless the dispute was won). */
export async function refuseRefundIfDisputed(db: Queryable, paymentIntentId: string): Promise<void> {
  const [dispute] = await db
    .select({ id: sandboxDisputes.id })
    .from(sandboxDisputes)
    .where(
      and(
        eq(sandboxDisputes.paymentIntentId, paymentIntentId),
        inArray(sandboxDisputes.status, [
          "needs_response",
          "under_review",
          "warning_needs_response",
          "warning_under_review",
          "lost",
        ]),
      ),
    );
  if (dispute) {
    throw new GatewayRequestError(
      "charge_disputed",
      `The charge of ${paymentIntentId} has been disputed (${dispute.id}); it cannot be refunded.`,
    );
  }
}

/** The processor interface's disputes and early fraud warnings, on the sandbox's records. */
export function sandboxDisputeCalls(
  db: Db,
): Pick<
  PaymentGateway,
  "retrieveDispute" | "listDisputes" | "submitDisputeEvidence" | "retrieveFraudWarning"
> {
  return {
    retrieveDispute: async (id) => presentDispute(await disputeRow(db, id)),
    async listDisputes({ createdFrom, createdTo }) {
      const rows = await db
        .select()
        .from(sandboxDisputes)
        .where(and(gte(sandboxDisputes.createdAt, createdFrom), lte(sandboxDisputes.createdAt, createdTo)))
        .orderBy(sandboxDisputes.createdAt);
      return rows.map(presentDispute);
    },
    submitDisputeEvidence: ({ id, text }) => submitSandboxEvidence(db, id, text),
    async retrieveFraudWarning(id) {
      const [row] = await db.select().from(sandboxFraudWarnings).where(eq(sandboxFraudWarnings.id, id));
      if (!row)
        throw new GatewayRequestError("resource_missing", `No such early fraud warning: '${id}'`, 404);
      return presentWarning(db, row);
    },
  };
}
