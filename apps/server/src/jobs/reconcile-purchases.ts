import { reconcilePurchases } from "../modules/properties/reconcile-purchases";
import { cronJob } from "./define";

/** Every minute: purchases interrupted by a stopped server are settled (a charge without ownership is refunded). */
export const reconcilePurchasesJob = cronJob({
  name: "reconcile-purchases",
  cron: "* * * * *",
  async run(deps) {
    const settled = await reconcilePurchases(deps);
    if (settled > 0) deps.log?.warn(`Settled ${settled} interrupted purchase(s)`);
  },
});
