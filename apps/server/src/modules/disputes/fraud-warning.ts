import type { GatewayFraudWarning } from "@mx/processors/gateway";
import { and, eq, isNull, lt } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { disputes, fraudWarnings } from "../../db/schema/disputes";
import type { AppDeps } from "../../deps";
import { RESTRICTION_REASONS, restrictPlayer } from "../auth/restriction";
import { releaseHold } from "../bids/release-holds";
import { RefundAwaitsDisputeError } from "../money/disputed-refund";
import { providerOf } from "../payments/paypal-gateway";
import { cancelWarnedHold } from "./fraud-warning-hold";
import { refundWarnedPayment } from "./fraud-warning-refunds";
import type { FraudWarningOutcome, FraudWarningRow } from "./fraud-warning-rows";
import { paymentSubjectOf, refuseEarlyNotice } from "./payment-subject";

/** `radar.early_fraud_warning.created` (or the sandbox's notice): the warning re-read from the processor, and acted on. */
export async function handleFraudWarningNotice(deps: AppDeps, warningId: string): Promise<void> {
  await applyFraudWarning(deps, await deps.gateway.retrieveFraudWarning(warningId));
}

/**
 * Acts on an early fraud warning at once, once per warning (its row, unique on processor and processor id): in one
 * transaction the row is written, what the payment bought found and the payer restricted; then the payment is refunded
 * before a dispute can be opened, through the refund of what it bought (a purchase or a sale: the building back to the
 * game unless a later owner has it; a development: undone where it can be), and the row ends with its outcome. A
 * payment disputed already is not refunded (the processor refuses): the payer is restricted, and that is all. A row
 * left unfinished by a stop is finished by the fraud warnings' recovery, which calls this again.
 */
export async function applyFraudWarning(deps: AppDeps, warning: GatewayFraudWarning): Promise<void> {
  const processor = providerOf(deps.gateway, warning.paymentIntentId);
  await refuseEarlyNotice(
    deps.db,
    deps.gateway,
    warning.paymentIntentId,
    `early fraud warning ${warning.id}`,
  );
  const row = await deps.db.transaction((tx) => recordWarning(tx, processor, warning));
  if (row.outcome === "hold_released")
    await releaseHold(deps, { id: row.subjectId ?? "", paymentIntentId: row.paymentIntentId });
  if (row.handledAt) return;
  const outcome = await refundWarnedPayment(deps, row);
  await deps.db
    .update(fraudWarnings)
    .set({ outcome, handledAt: new Date() })
    .where(and(eq(fraudWarnings.id, row.id), isNull(fraudWarnings.handledAt)));
}

/**
 * The warning's row, written once (or read as it is), with what the payment bought and the payer restricted; a
 * payment the platform does not know, or one disputed already, is handled here and then.
 */
async function recordWarning(
  tx: Tx,
  processor: string,
  warning: GatewayFraudWarning,
): Promise<FraudWarningRow> {
  const inserted = await tx
    .insert(fraudWarnings)
    .values({
      processor,
      processorId: warning.id,
      paymentIntentId: warning.paymentIntentId,
      fraudType: warning.fraudType,
    })
    .onConflictDoNothing()
    .returning({ id: fraudWarnings.id });
  const [row] = await tx
    .select()
    .from(fraudWarnings)
    .where(and(eq(fraudWarnings.processor, processor), eq(fraudWarnings.processorId, warning.id)))
    .for("update");
  if (!row) throw new Error(`fraud warning ${warning.id} was not recorded`);
  if (row.handledAt) return row;
  const subject = await paymentSubjectOf(tx, row.paymentIntentId);
  if (!subject) return inserted.length > 0 ? endUnbought(tx, row) : row;
  // Restricted once, with the row: a restriction an operator lifts is not put back by a repeated notice.
  if (inserted.length > 0 && subject.payerId) {
    await restrictPlayer(tx, subject.payerId, RESTRICTION_REASONS.fraudWarning);
  }
  const found = { subject: subject.subject, subjectId: subject.subjectId, payerId: subject.payerId };
  // A refund begun before a dispute was opened is finished as it was begun.
  if (row.outcome !== "pending") return { ...row, ...found };
  const [disputed] = await tx
    .select({ id: disputes.id })
    .from(disputes)
    .where(eq(disputes.paymentIntentId, row.paymentIntentId))
    .limit(1);
  if (disputed) return end(tx, { ...row, ...found }, "disputed");
  const [updated] = await tx.update(fraudWarnings).set(found).where(eq(fraudWarnings.id, row.id)).returning();
  return updated ?? row;
}

/**
 * A warned payment that bought nothing: a waiting bid's hold is cancelled with its bid and its bidder restricted
 * (`hold_released`); any other is a payment the platform does not know (`not_found`).
 */
async function endUnbought(tx: Tx, row: FraudWarningRow): Promise<FraudWarningRow> {
  const held = await cancelWarnedHold(tx, row.paymentIntentId);
  if (!held) return end(tx, row, "not_found");
  await restrictPlayer(tx, held.bidderId, RESTRICTION_REASONS.fraudWarning);
  return end(tx, { ...row, subject: "bid", subjectId: held.id, payerId: held.bidderId }, "hold_released");
}

async function end(tx: Tx, row: FraudWarningRow, outcome: FraudWarningOutcome): Promise<FraudWarningRow> {
  const ended = { ...row, outcome, handledAt: new Date() };
  await tx
    .update(fraudWarnings)
    .set({
      subject: ended.subject,
      subjectId: ended.subjectId,
      payerId: ended.payerId,
      outcome,
      handledAt: ended.handledAt,
    })
    .where(eq(fraudWarnings.id, row.id));
  return ended;
}

/** Warnings a stopped or failed process left unfinished, untouched for the recovery delay. */
export async function findUnhandledFraudWarnings(deps: AppDeps, now = new Date()): Promise<string[]> {
  const before = new Date(now.getTime() - deps.config.moneyRecoveryAfterMs);
  const rows = await deps.db
    .select({ id: fraudWarnings.id })
    .from(fraudWarnings)
    .where(and(isNull(fraudWarnings.handledAt), lt(fraudWarnings.createdAt, before)))
    .orderBy(fraudWarnings.createdAt)
    .limit(200);
  return rows.map((r) => r.id);
}

/** Finishes one unfinished warning as it was begun: the same refunds, under the same keys, so each happens once. */
export async function recoverFraudWarning(deps: AppDeps, id: string): Promise<void> {
  const [row] = await deps.db.select().from(fraudWarnings).where(eq(fraudWarnings.id, id));
  if (!row || row.handledAt) return;
  try {
    await applyFraudWarning(deps, {
      id: row.processorId,
      paymentIntentId: row.paymentIntentId,
      fraudType: row.fraudType,
      actionable: true,
      createdAt: row.createdAt,
    });
  } catch (error) {
    // Its refund waits for the dispute opened on the payment since it began: the warning is finished on a later round.
    if (!(error instanceof RefundAwaitsDisputeError)) throw error;
  }
}
