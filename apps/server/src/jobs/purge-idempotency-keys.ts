import { purgeExpiredIdempotencyKeys } from "../lib/idempotency";
import { cronJob } from "./define";

/** Hourly: Idempotency-Keys past their 24 hours are deleted. */
export const purgeIdempotencyKeys = cronJob({
  name: "purge-idempotency-keys",
  cron: "30 * * * *",
  async run(deps) {
    const purged = await purgeExpiredIdempotencyKeys(deps.db);
    if (purged > 0) deps.log?.info(`Purged ${purged} expired Idempotency-Key(s)`);
  },
});
