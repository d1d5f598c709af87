import { findInterruptedPurchases } from "../modules/properties/reconcile-purchases";
import { recoverPurchase } from "../modules/properties/recover-purchase";
import { RowItem, sweepJob } from "./define";

/**
 * Every minute (and at start): each purchase a stopped or failed request left in the middle is finished from the
 * processor's record: completed if charged, refunded if it cannot be, failed if never charged.
 */
export const recoverPurchases = sweepJob({
  name: "recover-purchases",
  recovery: true,
  cron: "* * * * *",
  item: RowItem,
  find: async (deps, now) => (await findInterruptedPurchases(deps, now)).map((id) => ({ id })),
  key: (purchase) => purchase.id,
  work: async (deps, purchase, now) => {
    await recoverPurchase(deps, purchase.id, now);
  },
});
