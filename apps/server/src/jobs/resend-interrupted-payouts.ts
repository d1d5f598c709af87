import { findInterruptedPayouts, resendInterruptedPayout } from "../modules/payouts/settle-payouts";
import { RowItem, sweepJob } from "./define";

/** Every minute: each payout left `requested` is sent again with its own idempotency key. */
export const resendInterruptedPayouts = sweepJob({
  name: "resend-interrupted-payouts",
  recovery: true,
  cron: "* * * * *",
  item: RowItem,
  find: async (deps) => (await findInterruptedPayouts(deps)).map((id) => ({ id })),
  key: (payout) => payout.id,
  work: (deps, payout) => resendInterruptedPayout(deps, payout.id),
});
