import { AppError } from "@mx/kit/errors";
import { formatCents } from "@mx/shared/money";
import { isUuid } from "@mx/shared/uuid";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { bids } from "../../db/schema/bids";
import { buildings, properties } from "../../db/schema/buildings";
import { purchases } from "../../db/schema/purchases";
import type { AppDeps } from "../../deps";
import { lockBuildings } from "../buildings/lock-buildings";
import { publishBuilding } from "../buildings/publish-building";
import { forgetSearches } from "../buildings/search-buildings";
import { trackHoldings } from "../collections/track-holdings";
import { announceInvalidation } from "../events/publish";
import { postJournal, reversedEntries } from "../ledger/ledger";
import { refundOperation } from "../money/operation";
import { purchaseOperation } from "../properties/purchase-operation";
import { type PurchaseRow, purchaseEntries } from "../properties/settle-purchase";
import { type Actor, audit } from "./audit";

const OPEN_BIDS = ["holding", "pending", "accepting"] as const;

/**
 * Refunds a completed purchase from the console, through the money operation's refund (money/operation.ts): the
 * purchase is marked refunding in one transaction with its reversing journal (kind `purchase_refund`) and the
 * building's return to the game (no owner, no name, its base price, its sale uncounted); then the processor refunds
 * the charge under the purchase's refund key; then the purchase is refunded and any offer-wall credits it used go back
 * to the player. A process that stops midway is finished by the purchases' recovery, which asks again under the same
 * key. Refused while the buyer no longer owns the building, or while bids wait on it.
 */
export async function refundPurchase(
  deps: AppDeps,
  actor: Actor,
  purchaseId: string,
  reason: string,
): Promise<{ purchaseId: string; status: string; refundedCents: number }> {
  const [row] = isUuid(purchaseId)
    ? await deps.db.select().from(purchases).where(eq(purchases.id, purchaseId))
    : [];
  if (!row) throw new AppError("NOT_FOUND", `No purchase with id ${purchaseId}.`);
  if (row.status !== "completed") {
    throw new AppError(
      "CONFLICT",
      `This purchase is ${row.status}; only a completed purchase is refunded here.`,
    );
  }
  const standard = purchaseOperation(deps);
  const op = {
    ...standard,
    beginRefund: (purchase: PurchaseRow, failure: string) =>
      beginPurchaseRefund(deps, actor, purchase, failure),
  };
  await refundOperation(op, row, row.paymentIntentId, reason);
  forgetSearches(deps.db);
  const [after] = await deps.db.select().from(purchases).where(eq(purchases.id, row.id));
  return { purchaseId: row.id, status: after?.status ?? "unknown", refundedCents: row.totalCents };
}

/** A refund that changes a building is refused while bids wait on it (their bidders bid on what it was). */
export async function refuseWhileBidsWait(tx: Tx, buildingId: string): Promise<void> {
  const [waiting] = await tx
    .select({ id: bids.id })
    .from(bids)
    .where(and(eq(bids.buildingId, buildingId), inArray(bids.status, [...OPEN_BIDS])))
    .limit(1);
  if (waiting) throw new AppError("CONFLICT", "Bids wait on this building; decide or release them first.");
}

async function beginPurchaseRefund(deps: AppDeps, actor: Actor, row: PurchaseRow, failure: string) {
  return deps.db.transaction(async (tx) => {
    await lockBuildings(tx, [row.buildingId]);
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
    const [marked] = await tx
      .update(purchases)
      .set({ status: "refunding", failure, updatedAt: new Date() })
      .where(and(eq(purchases.id, row.id), eq(purchases.status, "completed")))
      .returning({ id: purchases.id });
    if (!marked) return false;
    // The purchase's journal, reversed: the charge goes back out, the credits it used back to held (released to the
    // player when the refund ends), and the platform gives up the price, the fee and the tax.
    await postJournal(tx, {
      kind: "purchase_refund",
      reference: row.id,
      building: { id: row.buildingId },
      memo: `${row.buildingId} purchase refunded: ${formatCents(row.totalCents)}`,
      entries: reversedEntries(purchaseEntries(row)),
    });
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
    await audit(tx, actor, {
      action: "purchase.refund",
      targetType: "purchase",
      targetId: row.id,
      before: {
        status: "completed",
        ownerId: row.userId,
        buildingId: row.buildingId,
        priceCents: property.priceCents,
      },
      after: {
        status: "refunding",
        ownerId: null,
        priceCents: property.base,
        reason: failure,
        totalCents: row.totalCents,
      },
    });
    return true;
  });
}
