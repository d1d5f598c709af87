import { sweepBids } from "../modules/bids/release-holds";
import { cronJob } from "./define";

/** Every minute: pending bids older than 7 days expire, and holds still owed to bidders are released. */
export const sweepBidsJob = cronJob({
  name: "sweep-bids",
  cron: "* * * * *",
  async run(deps) {
    const { expired } = await sweepBids(deps);
    if (expired > 0) deps.log?.info(`Expired ${expired} bid(s)`);
  },
});
