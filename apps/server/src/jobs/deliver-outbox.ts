import { deliverOutboxMessage, findDueOutboxMessages } from "../modules/outbox/deliver";
import { RowItem, sweepJob } from "./define";

/**
 * Every minute: each outbox message due (a failed try's wait is over) or
 * stuck in `sending` by a process that stopped mid-send is sent by a job of its own. A failed try is retried with
 * backoff; the message's last try marks it failed, and its job is listed with the failed jobs.
 */
export const deliverOutbox = sweepJob({
  name: "deliver-outbox",
  cron: "* * * * *",
  item: RowItem,
  find: async (deps) => (await findDueOutboxMessages(deps)).map((id) => ({ id })),
  key: (message) => message.id,
  work: async (deps, message) => {
    await deliverOutboxMessage(deps, message.id, { fromSweep: true });
  },
});
