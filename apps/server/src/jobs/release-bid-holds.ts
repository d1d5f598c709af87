import { z } from "zod";
import { findOwedHolds, releaseHold } from "../modules/bids/release-holds";
import { sweepJob } from "./define";

const OwedHold = z.object({ id: z.string(), paymentIntentId: z.string().nullable() });

/** Every minute (and at start): each card hold owed to a bidder (declined, cancelled, replaced, expired…) is let go. */
export const releaseBidHolds = sweepJob({
  name: "release-bid-holds",
  recovery: true,
  cron: "* * * * *",
  item: OwedHold,
  find: (deps, now) => findOwedHolds(deps, now),
  key: (bid) => bid.id,
  work: async (deps, bid) => {
    if (!(await releaseHold(deps, bid))) throw new Error(`the hold of bid ${bid.id} could not be let go yet`);
  },
});
