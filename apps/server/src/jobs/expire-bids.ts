import { expireBids as expire } from "../modules/bids/release-holds";
import { cronJob } from "./define";

/** Every minute: pending bids older than 7 days expire (their holds are then released by release-bid-holds). */
export const expireBids = cronJob({
  name: "expire-bids",
  cron: "* * * * *",
  async run(deps) {
    const expired = await expire(deps);
    if (expired > 0) deps.log?.info(`Expired ${expired} bid(s)`);
  },
});
