import { findInterruptedRefunds, resendDeletionRefund } from "../modules/payouts/settle-payouts";
import { RowItem, sweepJob } from "./define";

/** Every minute: each refund of a deleted account left `requested` is sent again with its own idempotency key. */
export const resendDeletionRefunds = sweepJob({
  name: "resend-deletion-refunds",
  recovery: true,
  cron: "* * * * *",
  item: RowItem,
  find: async (deps) => (await findInterruptedRefunds(deps)).map((id) => ({ id })),
  key: (refund) => refund.id,
  work: (deps, refund) => resendDeletionRefund(deps, refund.id),
});
