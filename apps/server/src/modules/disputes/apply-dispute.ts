import { crashPoint } from "@mx/kit/crash-points";
import type { GatewayDispute } from "@mx/processors/gateway";
import { and, eq } from "drizzle-orm";
import type { Queryable, Tx } from "../../db/client";
import { bids } from "../../db/schema/bids";
import { properties } from "../../db/schema/buildings";
import { disputes } from "../../db/schema/disputes";
import type { DisputeState } from "../../db/schema/states";
import type { AppDeps } from "../../deps";
import { lockBuildings } from "../buildings/lock-buildings";
import { forgetSearches } from "../buildings/search-buildings";
import { clawBackClearing } from "../ledger/clearing";
import { loseDispute, winDispute } from "./close-dispute";
import { bookWithdrawal, type DisputeRow } from "./dispute-journals";
import { announceFreeze, freezeBuilding } from "./freeze";
import { type PaymentSubject, paymentSubjectOf, refuseEarlyNotice } from "./payment-subject";
import { type GameReturn, releaseReturnedHolds } from "./return-to-game";

/**
 * A processor's notice that a dispute was opened or changed: the dispute is re-read from the processor (never taken
 * from the notice) and applied.
 */
export async function handleDisputeNotice(deps: AppDeps, disputeId: string): Promise<void> {
  const dispute = await deps.gateway.retrieveDispute(disputeId);
  crashPoint("dispute.read");
  await applyDispute(deps, dispute);
}

/** How far a dispute has gone: a notice never takes it back to an earlier state. */
const stage: Record<DisputeState, number> = { needs_response: 0, under_review: 1, won: 2, lost: 2 };
const isOpen = (state: DisputeState) => state === "needs_response" || state === "under_review";

/**
 * Brings the platform's record of a dispute up to what the processor says of it, in one transaction: on first
 * sighting the row, the freeze of what the payment bought and the clawback of its seller's clearing proceeds; funds
 * withdrawn booked; won or lost settled. Safe to call again with the same state or an older one, and from two
 * deliveries at once: the building's lock, then the dispute row's (`for update`), let one apply and the other find
 * it done. A dispute on a payment the platform does not know is logged and left.
 */
export async function applyDispute(deps: AppDeps, dispute: GatewayDispute): Promise<void> {
  if (!(await knownSubject(deps.db, dispute))) {
    await refuseEarlyNotice(deps.db, deps.gateway, dispute.paymentIntentId, `dispute ${dispute.id}`);
  }
  const back = await deps.db.transaction(async (tx) => {
    const subject =
      (await knownSubject(tx, dispute)) ?? (await paymentSubjectOf(tx, dispute.paymentIntentId));
    if (!subject) {
      deps.log?.warn(
        { disputeId: dispute.id, paymentIntentId: dispute.paymentIntentId },
        "dispute on a payment the platform does not know; ignored",
      );
      return null;
    }
    if (subject.buildingId) await lockBuildings(tx, [subject.buildingId]);
    const { row, fresh } = await lockedDispute(tx, dispute, subject);
    if (fresh) await openDispute(tx, row, subject);
    return advance(deps, tx, { row, fresh }, dispute);
  });
  crashPoint("dispute.settled");
  if (back?.returned) {
    forgetSearches(deps.db);
    await releaseReturnedHolds(deps, back);
  }
}

/** What a dispute seen before concerns, as its row keeps it (the payment's rows may have moved on since). */
async function knownSubject(tx: Queryable, dispute: GatewayDispute): Promise<PaymentSubject | null> {
  const [known] = await tx
    .select({
      subject: disputes.subject,
      subjectId: disputes.subjectId,
      buildingId: disputes.buildingId,
      payerId: disputes.payerId,
    })
    .from(disputes)
    .where(and(eq(disputes.processor, dispute.processor), eq(disputes.processorId, dispute.id)));
  return known ?? null;
}

/** The dispute's row, written on first sighting, locked for the rest of the transaction. */
async function lockedDispute(
  tx: Tx,
  dispute: GatewayDispute,
  subject: PaymentSubject,
): Promise<{ row: DisputeRow; fresh: boolean }> {
  const inserted = await tx
    .insert(disputes)
    .values({
      processor: dispute.processor,
      processorId: dispute.id,
      paymentIntentId: dispute.paymentIntentId,
      subject: subject.subject,
      subjectId: subject.subjectId,
      buildingId: subject.buildingId,
      payerId: subject.payerId,
      amountCents: dispute.amountCents,
      feeCents: dispute.feeCents,
      currency: dispute.currency,
      reason: dispute.reason,
      // Opened as it first stood; a dispute first seen closed is closed by `advance` in this transaction.
      state: isOpen(dispute.status) ? dispute.status : "needs_response",
      evidenceDueBy: dispute.evidenceDueBy,
    })
    .onConflictDoNothing({ target: [disputes.processor, disputes.processorId] })
    .returning({ id: disputes.id });
  const [row] = await tx
    .select()
    .from(disputes)
    .where(and(eq(disputes.processor, dispute.processor), eq(disputes.processorId, dispute.id)))
    .for("update");
  if (!row) throw new Error(`dispute ${dispute.id} was neither written nor found`);
  return { row, fresh: inserted.length > 0 };
}

/**
 * A dispute's first sighting: what the payment bought is frozen while its payer owns it, what its seller still has
 * clearing from it is taken back, and the players it concerns are told.
 */
async function openDispute(tx: Tx, row: DisputeRow, subject: PaymentSubject): Promise<void> {
  await freezeBuilding(tx, row);
  const clawed = await clawBackClearing(tx, { paymentIntentId: row.paymentIntentId, reference: row.id });
  if (clawed > 0) {
    await tx.update(disputes).set({ clawedBackCents: clawed }).where(eq(disputes.id, row.id));
    row.clawedBackCents = clawed;
  }
  if (!subject.buildingId) return;
  const [property] = await tx
    .select({ ownerId: properties.ownerId })
    .from(properties)
    .where(eq(properties.buildingId, subject.buildingId));
  // A sale by bid: its seller's proceeds are what was taken back.
  const [sale] =
    subject.subject === "bid"
      ? await tx.select({ sellerId: bids.ownerId }).from(bids).where(eq(bids.id, subject.subjectId))
      : [];
  await announceFreeze(tx, subject.buildingId, [subject.payerId, property?.ownerId, sale?.sellerId]);
}

/**
 * Applies what the processor says now to a locked row: funds withdrawn are booked once; a win or a loss is settled
 * once; an open state moves only forward. A closed dispute is left as it is.
 */
async function advance(
  deps: AppDeps,
  tx: Tx,
  { row, fresh }: { row: DisputeRow; fresh: boolean },
  dispute: GatewayDispute,
): Promise<GameReturn | null> {
  if (!isOpen(row.state)) return null;
  // Funds reinstated were withdrawn first; a loss keeps them, whether or not the withdrawal was reported.
  const withdrawn = dispute.fundsWithdrawn || dispute.fundsReinstated || dispute.status === "lost";
  if (withdrawn && !row.fundsWithdrawn) {
    await bookWithdrawal(tx, row, dispute.feeCents);
    await tx
      .update(disputes)
      .set({ fundsWithdrawn: true, feeCents: dispute.feeCents, updatedAt: new Date() })
      .where(eq(disputes.id, row.id));
    row.fundsWithdrawn = true;
    row.feeCents = dispute.feeCents;
  }
  if (dispute.status === "won") {
    await winDispute(tx, row, dispute);
    return null;
  }
  if (dispute.status === "lost") return loseDispute(deps, tx, row, dispute);
  // Not frozen on first sighting (a sale by bid was under way) but still the payer's: frozen now.
  if (!fresh && row.buildingId && (await freezeBuilding(tx, row))) {
    await announceFreeze(tx, row.buildingId, [row.payerId]);
  }
  if (stage[dispute.status] >= stage[row.state]) {
    await tx
      .update(disputes)
      .set({ state: dispute.status, evidenceDueBy: dispute.evidenceDueBy, updatedAt: new Date() })
      .where(eq(disputes.id, row.id));
  }
  return null;
}
