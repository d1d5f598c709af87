import { findUnhandledFraudWarnings, recoverFraudWarning } from "../modules/disputes/fraud-warning";
import { RowItem, sweepJob } from "./define";

/**
 * Every minute (and at start): each early fraud warning a stopped or failed process left unfinished is finished, its
 * refund asked again under the same key, so it happens once.
 */
export const recoverFraudWarnings = sweepJob({
  name: "recover-fraud-warnings",
  recovery: true,
  cron: "* * * * *",
  item: RowItem,
  find: async (deps, now) => (await findUnhandledFraudWarnings(deps, now)).map((id) => ({ id })),
  key: (warning) => warning.id,
  work: (deps, warning) => recoverFraudWarning(deps, warning.id),
});
