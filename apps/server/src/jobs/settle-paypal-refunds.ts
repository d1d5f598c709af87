import { settlePaypalRefund } from "../modules/payouts/deletion-refund";
import { findUnsettledPaypalRefunds } from "../modules/payouts/settle-payouts";
import { RowItem, sweepJob } from "./define";

/**
 * Every minute: deletion refunds sent as PayPal payouts that PayPal has not yet called final (each read again at
 * most every 10 minutes) are read again; one that did not reach the player, or came back unclaimed, is failed and
 * its money owed to the deleted player again.
 */
export const settlePaypalRefunds = sweepJob({
  name: "settle-paypal-refunds",
  cron: "* * * * *",
  item: RowItem,
  find: async (deps) => (await findUnsettledPaypalRefunds(deps)).map((id) => ({ id })),
  key: (refund) => refund.id,
  async work(deps, refund) {
    await settlePaypalRefund(deps, refund.id);
  },
});
