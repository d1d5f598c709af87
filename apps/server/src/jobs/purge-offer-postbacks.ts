import { OFFER_POSTBACK_KEEP_DAYS } from "@mx/shared/constants";
import { purgeOldPostbacks } from "../modules/offerwall/handle-postback";
import { cronJob } from "./define";

/** Daily: offer-wall postbacks (and their signatures) older than the days kept are deleted. */
export const purgeOfferPostbacks = cronJob({
  name: "purge-offer-postbacks",
  cron: "45 3 * * *",
  async run(deps) {
    const purged = await purgeOldPostbacks(deps);
    if (purged > 0)
      deps.log?.info(`Purged ${purged} offer-wall postback(s) older than ${OFFER_POSTBACK_KEEP_DAYS} days`);
  },
});
