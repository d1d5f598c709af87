import { z } from "zod";
import { findAutomaticPayees, payAutomaticPayout } from "../modules/payouts/automatic-payouts";
import { sweepJob } from "./define";

/** Hourly: each player with automatic payouts gets their whole balance paid out, at most once a (UTC) day. */
export const payAutomaticPayouts = sweepJob({
  name: "pay-automatic-payouts",
  cron: "0 * * * *",
  item: z.object({ userId: z.string(), accountId: z.string(), day: z.string() }),
  find: (deps, now) => findAutomaticPayees(deps, now),
  key: (payee) => `${payee.userId}:${payee.day}`,
  async work(deps, payee) {
    await payAutomaticPayout(deps, payee);
  },
});
