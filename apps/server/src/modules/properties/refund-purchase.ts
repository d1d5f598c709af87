import { AppError } from "@mx/kit/errors";
import { formatCents } from "@mx/shared/money";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { buildings, properties } from "../../db/schema/buildings";
import { purchases } from "../../db/schema/purchases";
import type { AppDeps } from "../../deps";
import { refuseWhileBidsWait } from "../bids/waiting-bids";
import { lockBuildings } from "../buildings/lock-buildings";
import { publishBuilding } from "../buildings/publish-building";
import { forgetSearches } from "../buildings/search-buildings";
import { trackHoldings } from "../collections/track-holdings";
import { announceInvalidation } from "../events/publish";
import { accounts, type Entry, postJournal, reversedEntries } from "../ledger/ledger";
import { refundOperation } from "../money/operation";
import { purchaseOperation } from "./purchase-operation";
import { type PurchaseRow, purchaseEntries } from "./settle-purchase";

/** What taking a refunded purchase's building back did. */
type PurchaseTakeBack = {
  /** False when the buyer no longer owned it: a later owner keeps it, and the refund is the platform's loss. */
  returned: boolean;
  /** The building's price before and after, when it was changed. */
  priceCents?: { before: number; after: number };
};

export type PurchaseRefundOptions = {
  /**
   * Takes the building back, in the refund's first transaction under the building's lock; by default from its buyer
   * only (refused while they no longer own it, or while bids wait on it), at its base price.
   */
  takeBack?: (tx: Tx, row: PurchaseRow) => Promise<PurchaseTakeBack>;
  /** Run last in that transaction, with what was taken back (the console writes its audit row here). */
  onBegin?: (tx: Tx, row: PurchaseRow, taken: PurchaseTakeBack) => Promise<void>;
};

/**
 * Refunds a completed purchase through the money operation's refund (money/operation.ts): the purchase is marked
 * refunding in one transaction with its journal (kind `purchase_refund`) and the building's return to the game; then
 * the processor refunds the charge under the purchase's refund key; then the purchase is refunded and any offer-wall
 * credits it used go back to the player. A process that stops midway is finished by the purchases' recovery, which
 * asks again under the same key. A purchase found refunding already is asked again under that key (a resumed refund);
 * false if it was neither completed nor refunding.
 *
 * The journal reverses the purchase's when the building went back; when a later owner keeps it, the charge and the
 * credits go back all the same and what the purchase paid for is booked as the platform's loss (`chargeback_losses`).
 */
export async function refundPurchasePayment(
  deps: AppDeps,
  row: PurchaseRow,
  reason: string,
  options: PurchaseRefundOptions = {},
): Promise<boolean> {
  const op = {
    ...purchaseOperation(deps),
    beginRefund: (purchase: PurchaseRow, failure: string) =>
      beginPurchaseRefund(deps, purchase, failure, options),
  };
  const done = await refundOperation(op, row, row.paymentIntentId, reason);
  forgetSearches(deps.db);
  return done;
}

async function beginPurchaseRefund(
  deps: AppDeps,
  row: PurchaseRow,
  failure: string,
  options: PurchaseRefundOptions,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    await lockBuildings(tx, [row.buildingId]);
    const [now] = await tx
      .select({ status: purchases.status })
      .from(purchases)
      .where(eq(purchases.id, row.id));
    if (now?.status === "refunding") return true;
    const [marked] = await tx
      .update(purchases)
      .set({ status: "refunding", failure, updatedAt: new Date() })
      .where(and(eq(purchases.id, row.id), inArray(purchases.status, ["completed"])))
      .returning({ id: purchases.id });
    if (!marked) return false;
    const taken = await (options.takeBack ?? ((t, r) => takeBackFromBuyer(t, deps, r)))(tx, row);
    // Returned: the purchase's journal, reversed (the charge goes back out, the credits it used back to held, released
    // to the player when the refund ends, and the platform gives up the price, the fee and the tax). Kept by a later
    // owner: the charge and the credits go back the same way, and the rest is the platform's loss.
    const entries = purchaseEntries(row);
    await postJournal(tx, {
      kind: "purchase_refund",
      reference: row.id,
      building: { id: row.buildingId },
      memo: `${row.buildingId} purchase refunded: ${formatCents(row.totalCents)}${taken.returned ? "" : " (resold: a loss)"}`,
      entries: taken.returned ? reversedEntries(entries) : lossEntries(entries),
    });
    await options.onBegin?.(tx, row, taken);
    return true;
  });
}

/** A payment's entries given back to the payer (card and credits), the rest booked as the platform's loss. */
function lossEntries(entries: Entry[]): Entry[] {
  const paid = entries.filter(
    (e) => e.account === accounts.cardFunding || e.account === accounts.creditsHeld,
  );
  const back = reversedEntries(paid);
  const lost = back.reduce((sum, e) => sum + e.amountCents, 0);
  return [...back, { account: accounts.chargebackLosses, amountCents: -lost }];
}

/**
 * The console's take-back: the building from its buyer, who must still own it with no bids waiting on it, back to
 * the game with no owner, no name, its base price and its sale uncounted.
 */
async function takeBackFromBuyer(tx: Tx, deps: AppDeps, row: PurchaseRow): Promise<PurchaseTakeBack> {
  const [property] = await tx
    .select({
      ownerId: properties.ownerId,
      priceCents: properties.priceCents,
      base: buildings.basePriceCents,
    })
    .from(properties)
    .innerJoin(buildings, eq(buildings.id, properties.buildingId))
    .where(eq(properties.buildingId, row.buildingId));
  if (!property || property.ownerId !== row.userId) {
    throw new AppError("CONFLICT", "The buyer no longer owns this building; it cannot be taken back.");
  }
  await refuseWhileBidsWait(tx, row.buildingId);
  await tx
    .update(properties)
    .set({
      ownerId: null,
      customName: null,
      forSale: false,
      listedAt: null,
      priceCents: property.base,
      sales: sql`greatest(${properties.sales} - 1, 0)`,
      updatedAt: new Date(),
    })
    .where(eq(properties.buildingId, row.buildingId));
  await trackHoldings(tx, deps.collections, [row.buildingId]);
  await publishBuilding(tx, "building.sold", row.buildingId);
  await announceInvalidation(tx, { player: row.userId });
  return { returned: true, priceCents: { before: property.priceCents, after: property.base } };
}
