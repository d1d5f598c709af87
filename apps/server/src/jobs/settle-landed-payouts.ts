import { findLandedPayouts, settleLandedPayout } from "../modules/payouts/settle-payouts";
import { RowItem, sweepJob } from "./define";

/** Every minute: each pending payout whose arrival time has passed is read again and becomes paid or failed. */
export const settleLandedPayouts = sweepJob({
  name: "settle-landed-payouts",
  cron: "* * * * *",
  item: RowItem,
  find: async (deps) => (await findLandedPayouts(deps)).map((id) => ({ id })),
  key: (payout) => payout.id,
  async work(deps, payout) {
    await settleLandedPayout(deps, payout.id);
  },
});
