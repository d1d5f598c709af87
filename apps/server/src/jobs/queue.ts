import type { PGlite } from "@electric-sql/pglite";
import { type ConstructorOptions, fromPglite, type PGliteLike, PgBoss } from "pg-boss";
import type { Database } from "../db/client";
import type { AppDeps } from "../deps";
import type { CronJob, Job, SweepJob } from "./define";
import { expireBids } from "./expire-bids";
import { JOBS_SCHEMA } from "./inspect";
import { payAutomaticPayouts } from "./pay-automatic-payouts";
import { purgeIdempotencyKeys } from "./purge-idempotency-keys";
import { recoverBids } from "./recover-bids";
import { recoverPurchases } from "./recover-purchases";
import { recoverShopOrders } from "./recover-shop-orders";
import { releaseBidHolds } from "./release-bid-holds";
import { resendDeletionRefunds } from "./resend-deletion-refunds";
import { resendInterruptedPayouts } from "./resend-interrupted-payouts";
import { settleLandedPayouts } from "./settle-landed-payouts";

/** Every job the server runs. */
export const serverJobs: Job[] = [
  recoverPurchases,
  recoverBids,
  releaseBidHolds,
  expireBids,
  recoverShopOrders,
  settleLandedPayouts,
  resendInterruptedPayouts,
  resendDeletionRefunds,
  payAutomaticPayouts,
  purgeIdempotencyKeys,
];

export type JobQueueOptions = {
  jobs?: Job[];
  /** Seconds a worker waits between looks for new jobs (at least 0.5). */
  pollingIntervalSeconds?: number;
  /** Seconds between two looks at the schedules (1 to 45). */
  cronIntervalSeconds?: number;
  /** How long `stop` waits for running jobs before it lets go of them (they run again after their expiry). */
  stopTimeoutMs?: number;
};

export type JobQueue = {
  boss: PgBoss;
  /** Stops taking jobs, waits for those running (up to `stopTimeoutMs`) and closes the queue's connections. */
  stop(): Promise<void>;
};

/** A running job may take this long before the queue takes it for dead (a killed process) and retries it. */
const EXPIRE_SECONDS = 5 * 60;
/** Item jobs one instance takes at once per sweep: batches of 5, two batches at a time (processor calls wait on the network). */
const ITEM_CONCURRENCY = 2;
const ITEM_BATCH = 5;

/** A PgBoss on the app's database: the embedded one through its single connection, PostgreSQL with a small pool. */
export function createBoss(
  database: Database,
  options: JobQueueOptions = {},
  roles: Partial<Pick<ConstructorOptions, "supervise" | "schedule">> = {},
): PgBoss {
  const connection =
    database.driver.kind === "pglite"
      ? { db: fromPglite(sealedBlocks(database.driver.client)), backend: "pglite" as const }
      : { connectionString: database.driver.url, max: 4, application_name: "manhattan-exchange-jobs" };
  const cron = options.cronIntervalSeconds;
  return new PgBoss({
    ...connection,
    schema: JOBS_SCHEMA,
    ...roles,
    ...(cron ? { cronMonitorIntervalSeconds: cron, cronWorkerIntervalSeconds: cron } : {}),
  });
}

/**
 * PGlite is one connection shared by the app and the queue. The queue sends some work as one text holding its own
 * `begin … commit`; if a statement in it fails, the connection stays in the aborted transaction until the queue's
 * rollback, and a statement of the app's arriving in between would fail with it. Run inside PGlite's own
 * transaction, such a text holds the connection to the end, and a failure is rolled back before anyone else runs.
 * Other texts go as they are (some, such as `create index concurrently`, may not run inside a transaction).
 */
function sealedBlocks(client: PGlite): PGliteLike {
  return {
    query: (text, params) => client.query(text, params),
    exec: (text) =>
      /^\s*begin\b/i.test(text) ? client.transaction((tx) => tx.exec(text)) : client.exec(text),
    listen: (channel, onPayload) => client.listen(channel, onPayload),
  };
}

/**
 * Starts the job queue on the app's database (creating its tables the first time), its schedules and its workers.
 * Cron schedules are shared through the database, so with several instances each occurrence runs once.
 */
export async function startJobQueue(deps: AppDeps, options: JobQueueOptions = {}): Promise<JobQueue> {
  const jobs = options.jobs ?? serverJobs;
  // Schedules queue their job once a minute at most, so their workers look less often than the item workers.
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 5 };
  const itemPolling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
  const boss = createBoss(deps.database, options);
  boss.on("error", (error) => deps.log?.error({ err: error }, "job queue error"));
  boss.on("warning", (warning) => deps.log?.warn({ details: warning.data }, `job queue: ${warning.message}`));
  await boss.start();

  for (const job of jobs) {
    // One job of a schedule at a time: a run still going when the next is due is not doubled.
    await boss.createQueue(job.name, { policy: "exclusive", retryLimit: 0, expireInSeconds: EXPIRE_SECONDS });
    await boss.schedule(job.name, job.cron, null, { tz: "UTC" });
    if (job.kind === "cron") await workCron(boss, deps, job, polling);
    else await workSweep(boss, deps, job, polling, itemPolling);
  }
  // Recovery does not wait for the first minute: a server started after a crash looks for money operations left in
  // the middle at once (with several instances starting together, the exclusive queue runs the look once).
  for (const job of jobs) if (job.kind === "sweep") await boss.send(job.name, {});
  // A job taken out of the code leaves its schedule in the database: dropped, so nothing queues work for nobody.
  const names = new Set(jobs.map((job) => job.name));
  for (const schedule of await boss.getSchedules()) {
    if (!names.has(schedule.name)) await boss.unschedule(schedule.name, schedule.key);
  }

  return {
    boss,
    stop: () => boss.stop({ graceful: true, timeout: options.stopTimeoutMs ?? 5_000 }),
  };
}

async function workCron(
  boss: PgBoss,
  deps: AppDeps,
  job: CronJob,
  polling: { pollingIntervalSeconds: number },
) {
  await boss.work(job.name, polling, async () => {
    try {
      await job.run(deps);
    } catch (error) {
      deps.log?.error({ err: error, job: job.name }, "a scheduled job failed");
      throw error;
    }
  });
}

async function workSweep(
  boss: PgBoss,
  deps: AppDeps,
  job: SweepJob,
  polling: { pollingIntervalSeconds: number },
  itemPolling: { pollingIntervalSeconds: number },
) {
  // Items of one key are never queued twice: one may be queued, running or waiting for its retry.
  await boss.createQueue(job.itemQueue, { policy: "exclusive", expireInSeconds: EXPIRE_SECONDS });
  await boss.work(job.name, polling, async () => {
    const items = await job.find(deps);
    if (items.length === 0) return;
    // The retry policy goes with each job, so a changed policy applies from the next sweep on.
    await boss.insert(
      job.itemQueue,
      items.map(({ key, data }) => ({
        data,
        singletonKey: key,
        retryLimit: job.retry.limit,
        retryDelay: job.retry.delaySeconds,
        retryBackoff: true,
        retryDelayMax: job.retry.maxDelaySeconds,
        expireInSeconds: EXPIRE_SECONDS,
      })),
    );
  });
  await boss.work(
    job.itemQueue,
    {
      ...itemPolling,
      batchSize: ITEM_BATCH,
      burstWhenBatchFull: true,
      localConcurrency: ITEM_CONCURRENCY,
      perJobResults: true,
    },
    // The items of a batch run side by side, and each settles on its own: one slow or failing item holds up none.
    async (batch) =>
      Promise.all(
        batch.map(async (item) => {
          try {
            await job.work(deps, item.data);
            return { id: item.id, status: "completed" as const };
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            deps.log?.warn({ err: error, job: job.itemQueue, data: item.data }, "an item job failed");
            return { id: item.id, status: "failed" as const, output: { message } };
          }
        }),
      ),
  );
}
