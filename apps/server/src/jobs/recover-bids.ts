import { findInterruptedBids, recoverBid } from "../modules/bids/recover-bids";
import { RowItem, sweepJob } from "./define";

/**
 * Every minute (and at start): each bid a stopped or failed request left in the middle of its hold, capture or
 * refund is finished or reversed from the processor's record.
 */
export const recoverBids = sweepJob({
  name: "recover-bids",
  recovery: true,
  cron: "* * * * *",
  item: RowItem,
  find: async (deps, now) => (await findInterruptedBids(deps, now)).map((id) => ({ id })),
  key: (bid) => bid.id,
  work: async (deps, bid, now) => {
    await recoverBid(deps, bid.id, now);
  },
});
