import type { GatewayDispute } from "@mx/processors/gateway";
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { disputes } from "../../db/schema/disputes";
import type { AppDeps } from "../../deps";
import { RESTRICTION_REASONS, restrictPlayer } from "../auth/restriction";
import { announceInvalidation } from "../events/publish";
import { restoreClawback } from "../ledger/clearing";
import { bookLoss, bookReinstatement, bookWithdrawal, type DisputeRow } from "./dispute-journals";
import { announceFreeze, unfreezeBuilding } from "./freeze";
import { type GameReturn, returnToGame } from "./return-to-game";

/**
 * A won dispute, on its locked open row: the amount the processor withdrew comes back (the fee stays lost), the
 * seller's proceeds taken back clear again, and the building's freeze is lifted.
 */
export async function winDispute(tx: Tx, row: DisputeRow, dispute: GatewayDispute): Promise<void> {
  if (row.fundsWithdrawn) await bookReinstatement(tx, row);
  await restoreClawback(tx, { paymentIntentId: row.paymentIntentId, reference: row.id });
  const unfrozen = await unfreezeBuilding(tx, row);
  const now = new Date();
  await tx
    .update(disputes)
    .set({
      state: "won",
      fundsWithdrawn: false,
      evidenceDueBy: dispute.evidenceDueBy,
      closedAt: now,
      updatedAt: now,
    })
    .where(eq(disputes.id, row.id));
  if (unfrozen && row.buildingId) await announceFreeze(tx, row.buildingId, [row.payerId]);
  else if (row.payerId) await announceInvalidation(tx, { player: row.payerId });
}

/**
 * A lost dispute, on its locked open row: the amount is booked as the platform's loss (after its withdrawal, if
 * that was never reported); the building goes back to the game if its payer still owns it (a later owner keeps
 * it, and the loss stays the platform's); the payer is restricted. Returns what the building's return released, for
 * the caller to let the released bids' holds go after the commit.
 */
export async function loseDispute(
  deps: Pick<AppDeps, "collections">,
  tx: Tx,
  row: DisputeRow,
  dispute: GatewayDispute,
): Promise<GameReturn | null> {
  if (!row.fundsWithdrawn) {
    await bookWithdrawal(tx, row, dispute.feeCents);
    await tx.update(disputes).set({ feeCents: dispute.feeCents }).where(eq(disputes.id, row.id));
  }
  await bookLoss(tx, row);
  let back: GameReturn | null = null;
  if (row.buildingId && row.payerId) {
    back = await returnToGame(tx, deps, { buildingId: row.buildingId, payerId: row.payerId });
    // Resold meanwhile: a freeze of this dispute's (if any was left) goes with it.
    if (!back.returned && (await unfreezeBuilding(tx, row))) {
      await announceFreeze(tx, row.buildingId, [row.payerId]);
    }
  }
  if (row.payerId) {
    await restrictPlayer(tx, row.payerId, RESTRICTION_REASONS.disputeLost);
    await announceInvalidation(tx, { sessionsOf: row.payerId, player: row.payerId });
  }
  const now = new Date();
  await tx
    .update(disputes)
    .set({
      state: "lost",
      fundsWithdrawn: true,
      returnedToGame: back ? back.returned : null,
      evidenceDueBy: dispute.evidenceDueBy,
      closedAt: now,
      updatedAt: now,
    })
    .where(eq(disputes.id, row.id));
  return back;
}
