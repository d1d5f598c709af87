import type { AppDeps } from "../../deps";
import { purchaseOperation } from "./purchase-operation";
import { type PurchaseRecovery, recoverPurchaseBy } from "./purchase-recovery";

/** Finishes one interrupted purchase through the purchase's money operation, as `recoverPurchaseBy` says. */
export const recoverPurchase = (
  deps: AppDeps,
  purchaseId: string,
  now = new Date(),
  options: { lapsed?: boolean } = {},
): Promise<PurchaseRecovery> => recoverPurchaseBy(deps, purchaseOperation(deps), purchaseId, now, options);
