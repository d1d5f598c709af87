import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { bids } from "../../db/schema/bids";
import { developments } from "../../db/schema/developments";
import { fraudWarnings } from "../../db/schema/disputes";
import { purchases } from "../../db/schema/purchases";
import type { AppDeps } from "../../deps";
import { refundSale, type SaleRefundState } from "../bids/refund-sale";
import { refundDevelopmentPayment } from "../developments/refund-development";
import { refundPurchasePayment } from "../properties/refund-purchase";
import type { FraudWarningOutcome, FraudWarningRow } from "./fraud-warning-rows";
import { type GameReturn, releaseReturnedHolds, returnToGame } from "./return-to-game";

/** Why a payment was refunded, as its row keeps it. */
const FRAUD_REFUND_REASON =
  "The card's issuer reported this payment as fraud: refunded before a dispute could be opened.";

/**
 * Refunds a warned payment through the refund of what it bought, and says how it ended. The warning's row carries
 * where its refund stands (refunding, or refunding_resold when what it bought stays where it is), written in the
 * refund's first transaction; a warning resumed after a stop finds it there, and its refund is asked again under the
 * same key.
 */
export async function refundWarnedPayment(deps: AppDeps, row: FraudWarningRow): Promise<FraudWarningOutcome> {
  switch (row.subject) {
    case "purchase":
      return refundWarnedPurchase(deps, row);
    case "development":
      return refundWarnedDevelopment(deps, row);
    case "bid":
      return refundWarnedSale(deps, row);
    case "shop_order":
      // A shop order has no refund through the money operation: the warning is recorded and its payer (if known)
      // restricted; an operator refunds it at the processor.
      return "not_refunded";
    default:
      return "not_found";
  }
}

/** Marks the warning's refund begun, in the refund's first transaction. */
async function markBegun(tx: Tx, row: FraudWarningRow, returned: boolean): Promise<void> {
  await tx
    .update(fraudWarnings)
    .set({ outcome: returned ? "refunding" : "refunding_resold" })
    .where(eq(fraudWarnings.id, row.id));
}

/** The warning's outcome once its refund has ended: as it was begun, or refunded (by another before it). */
async function endedOutcome(deps: AppDeps, row: FraudWarningRow): Promise<FraudWarningOutcome> {
  const [now] = await deps.db
    .select({ outcome: fraudWarnings.outcome })
    .from(fraudWarnings)
    .where(eq(fraudWarnings.id, row.id));
  return now?.outcome === "refunding_resold" ? "refunded_resold" : "refunded";
}

/** A building back to the game from its payer, if they still own it; its released bids' holds let go after. */
function gameReturn(deps: AppDeps, payerId: string, buildingId: string) {
  let back: GameReturn = { returned: false, released: [] };
  return {
    async take(tx: Tx): Promise<boolean> {
      back = await returnToGame(tx, deps, { buildingId, payerId });
      return back.returned;
    },
    release: () => releaseReturnedHolds(deps, back),
  };
}

async function refundWarnedPurchase(deps: AppDeps, row: FraudWarningRow): Promise<FraudWarningOutcome> {
  const [purchase] = await deps.db
    .select()
    .from(purchases)
    .where(eq(purchases.id, row.subjectId ?? ""));
  if (!purchase) return "not_found";
  const back = gameReturn(deps, purchase.userId, purchase.buildingId);
  await refundPurchasePayment(deps, purchase, FRAUD_REFUND_REASON, {
    takeBack: async (tx) => ({ returned: await back.take(tx) }),
    onBegin: (tx, _purchase, taken) => markBegun(tx, row, taken.returned),
  });
  await back.release();
  return endedOutcome(deps, row);
}

async function refundWarnedDevelopment(deps: AppDeps, row: FraudWarningRow): Promise<FraudWarningOutcome> {
  const [development] = await deps.db
    .select()
    .from(developments)
    .where(eq(developments.id, row.subjectId ?? ""));
  if (!development) return "not_found";
  await refundDevelopmentPayment(deps, development, FRAUD_REFUND_REASON, {
    whenFixed: "loss",
    onBegin: (tx, _development, undo) => markBegun(tx, row, undo.undone),
  });
  return endedOutcome(deps, row);
}

async function refundWarnedSale(deps: AppDeps, row: FraudWarningRow): Promise<FraudWarningOutcome> {
  const [bid] = await deps.db
    .select()
    .from(bids)
    .where(eq(bids.id, row.subjectId ?? ""));
  if (!bid) return "not_found";
  // A sale that failed after its capture is being refunded by the acceptance itself (the bid `refunding`).
  if (bid.status !== "accepted") return "refunded";
  const back = gameReturn(deps, bid.bidderId, bid.buildingId);
  await refundSale(deps, bid, FRAUD_REFUND_REASON, {
    reference: row.id,
    state: async (tx): Promise<SaleRefundState> => {
      const [now] = await tx
        .select({ outcome: fraudWarnings.outcome, handledAt: fraudWarnings.handledAt })
        .from(fraudWarnings)
        .where(eq(fraudWarnings.id, row.id));
      if (!now || now.handledAt) return "done";
      return now.outcome === "pending" ? "open" : "begun";
    },
    takeBack: (tx) => back.take(tx),
    begin: (tx, taken) => markBegun(tx, row, taken.returned),
  });
  await back.release();
  return endedOutcome(deps, row);
}
