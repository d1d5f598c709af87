import { AppError } from "@mx/kit/errors";
import { newId } from "@mx/kit/secrets";
import { FEE_AND_TAX_CENTS } from "@mx/shared/constants";
import { dollarsToCents, formatCents } from "@mx/shared/money";
import { and, eq } from "drizzle-orm";
import { purchases } from "../../db/schema/purchases";
import type { AppDeps } from "../../deps";
import { confirmOperation, runOperation } from "../money/operation";
import { actionOf } from "../payments/bank-check";
import { PAYPAL_METHOD } from "../payments/paypal-gateway";
import { assertRoomToWait } from "../payments/waiting-payments";
import { purchaseOperation, reservePurchase } from "./purchase-operation";
import { type BuyResult, boughtOf } from "./settle-purchase";

export { PAYMENT_PROCESSING } from "./purchase-operation";

export type BuyInput = {
  buildingId?: string;
  propertyId?: string;
  paymentMethodId?: string;
  bidAmount: number;
  /** Offer-wall credits to spend on it, in dollars: the card pays the rest. */
  credits?: number;
};

/**
 * Buys an unowned building at the offered price (at least its base price), charging price + processing fee +
 * sales tax to one of the buyer's cards (or PayPal), less any offer-wall credits spent. The money operation's
 * three steps (money/operation.ts), batched with the purchases of the same moment:
 *   1. reserve: a pending purchase, unique per building, taken with the building's row locked;
 *   2. charge under `purchase:<id>`, outside any transaction;
 *   3. in one statement: ownership, price, price history, the payment, the ledger journal and the purchase's
 *      completion.
 * Of two buyers at the same moment exactly one is charged; the other is refused before anything moves. If step 3
 * fails after the charge, the charge is refunded before the error is reported.
 */
export async function buyProperty(deps: AppDeps, userId: string, input: BuyInput): Promise<BuyResult> {
  const priceCents = dollarsToCents(input.bidAmount);
  if (priceCents === null) throw new AppError("BAD_REQUEST", "bidAmount: must be a whole number of cents");
  const creditsCents = input.credits === undefined ? 0 : dollarsToCents(input.credits);
  if (creditsCents === null || creditsCents < 0) {
    throw new AppError("BAD_REQUEST", "credits: must be a whole number of cents, 0 or more");
  }
  if (creditsCents > priceCents + FEE_AND_TAX_CENTS) {
    throw new AppError(
      "BAD_REQUEST",
      `credits: must be at most the total of ${formatCents(priceCents + FEE_AND_TAX_CENTS)}`,
    );
  }
  // The buyer's standing (trading frozen, payments restricted: credits alone may still pay, a hold on this building
  // lately let lapse) is checked by the statement that reserves, with the other purchases of the moment.
  // PayPal always waits for the buyer's approval: refused at once when they have no place left for it.
  if (input.paymentMethodId === PAYPAL_METHOD && deps.gateway.paypal) await assertRoomToWait(deps, userId);
  const row = await reservePurchase(deps, {
    purchaseId: newId(),
    userId,
    key: input.buildingId ?? input.propertyId ?? "",
    priceCents,
    paymentMethodId: input.paymentMethodId ?? null,
    creditsCents,
  });
  const step = await runOperation(purchaseOperation(deps), row);
  return "done" in step ? step.done : { purchaseId: row.id, action: actionOf(step.waiting) };
}

/**
 * POST properties/buy/confirm: after the buyer has confirmed the payment with their bank, the charge is read again
 * from the processor and the purchase finished: owned, still waiting, or failed (nothing charged).
 */
export async function confirmPurchase(deps: AppDeps, userId: string, purchaseId: string): Promise<BuyResult> {
  const [purchase] = await deps.db
    .select()
    .from(purchases)
    .where(and(eq(purchases.id, purchaseId), eq(purchases.userId, userId)));
  if (!purchase) throw new AppError("NOT_FOUND", `No purchase with id ${purchaseId}.`);
  if (purchase.status === "completed") return boughtOf(deps, purchase);
  if (purchase.status !== "pending" || !purchase.paymentIntentId) {
    throw new AppError(
      "CONFLICT",
      `This purchase has ${purchase.status}: ${purchase.failure ?? "nothing was charged"}.`,
    );
  }
  const step = await confirmOperation(purchaseOperation(deps), purchase);
  return "done" in step ? step.done : { purchaseId, action: actionOf(step.waiting) };
}
