import { OUTBOX_KEEP_DAYS, purgeSentOutboxMessages } from "../modules/outbox/deliver";
import { cronJob } from "./define";

/** Daily: the outbox's rows of messages sent more than the days kept are deleted. */
export const purgeOutbox = cronJob({
  name: "purge-outbox",
  cron: "15 4 * * *",
  async run(deps) {
    const purged = await purgeSentOutboxMessages(deps);
    if (purged > 0)
      deps.log?.info(`Purged ${purged} outbox message(s) sent over ${OUTBOX_KEEP_DAYS} days ago`);
  },
});
