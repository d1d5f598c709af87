import { AppError } from "@mx/kit/errors";
import { isUuid } from "@mx/shared/uuid";
import { eq } from "drizzle-orm";
import { purchases } from "../../db/schema/purchases";
import type { AppDeps } from "../../deps";
import { refuseWhileDisputed } from "../disputes/disputed-payment";
import { refundPurchasePayment } from "../properties/refund-purchase";
import { type Actor, audit } from "./audit";

/**
 * Refunds a completed purchase from the console, through the purchases' refund (properties/refund-purchase.ts): the
 * purchase is marked refunding in one transaction with its reversing journal (kind `purchase_refund`), the building's
 * return to the game (no owner, no name, its base price, its sale uncounted) and the audit row; then the processor
 * refunds the charge under the purchase's refund key; then the purchase is refunded and any offer-wall credits it used
 * go back to the player. A process that stops midway is finished by the purchases' recovery, which asks again under
 * the same key. Refused while the buyer no longer owns the building, while bids wait on it, or while its payment is
 * disputed.
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
  await refuseWhileDisputed(deps.db, row.paymentIntentId);
  await refundPurchasePayment(deps, row, reason, {
    onBegin: (tx, purchase, taken) =>
      audit(tx, actor, {
        action: "purchase.refund",
        targetType: "purchase",
        targetId: purchase.id,
        before: {
          status: "completed",
          ownerId: purchase.userId,
          buildingId: purchase.buildingId,
          priceCents: taken.priceCents?.before,
        },
        after: {
          status: "refunding",
          ownerId: null,
          priceCents: taken.priceCents?.after,
          reason,
          totalCents: purchase.totalCents,
        },
      }),
  });
  const [after] = await deps.db.select().from(purchases).where(eq(purchases.id, row.id));
  return { purchaseId: row.id, status: after?.status ?? "unknown", refundedCents: row.totalCents };
}
