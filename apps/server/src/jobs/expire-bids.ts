import { expireBids as expire } from "../modules/bids/release-holds";
import { cronJob } from "./define";

/** Every minute: pending bids older than 7 days expire (their holds are then released by release-bid-holds). */
export const expireBids = cronJob({
  name: "expire-bids",
  cron: "* * * * *",
  async run(deps, now) {
    const expired = await expire(deps, now);
    if (expired > 0) deps.log?.info(`Expired ${expired} bid(s)`);
  },
});
