import { dueClearances } from "../modules/ledger/clearing";
import { releaseProceeds } from "../modules/payouts/release-proceeds";
import { RowItem, sweepJob } from "./define";

/**
 * Every minute (and once at start): sellers' proceeds whose clearing time has passed become withdrawable earnings,
 * each row on its own (a deleted seller's go where the deletion's refund went). A row cleared or taken back
 * meanwhile is left as it is.
 */
export const releaseClearedEarnings = sweepJob({
  name: "release-cleared-earnings",
  cron: "* * * * *",
  item: RowItem,
  find: async (deps, now) => (await dueClearances(deps.db, now)).map((id) => ({ id })),
  key: (item) => item.id,
  async work(deps, item) {
    await releaseProceeds(deps, item.id);
  },
});
