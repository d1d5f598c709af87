import type { PGlite } from "@electric-sql/pglite";
import { type ConstructorOptions, fromPglite, type PGliteLike, PgBoss } from "pg-boss";
import type { Database } from "../db/client";
import { JOBS_SCHEMA } from "../db/job-tables";
import type { AppDeps } from "../deps";
import { jobRuns } from "../modules/system/metrics";
import type { CronJob, Job, SweepJob } from "./define";
import { deliverOutbox } from "./deliver-outbox";
import { expireBids } from "./expire-bids";
import { payAutomaticPayouts } from "./pay-automatic-payouts";
import { purgeIdempotencyKeys } from "./purge-idempotency-keys";
import { purgeOfferPostbacks } from "./purge-offer-postbacks";
import { purgeOutbox } from "./purge-outbox";
import { recoverBids } from "./recover-bids";
import { announceDevelopments, recoverDevelopments } from "./recover-developments";
import { recoverFraudWarnings } from "./recover-fraud-warnings";
import { recoverPurchases } from "./recover-purchases";
import { recoverShopOrders } from "./recover-shop-orders";
import { releaseBidHolds } from "./release-bid-holds";
import { releaseClearedEarnings } from "./release-cleared-earnings";
import { resendDeletionRefunds } from "./resend-deletion-refunds";
import { resendInterruptedPayouts } from "./resend-interrupted-payouts";
import { settleLandedPayouts } from "./settle-landed-payouts";
import { settlePaypalRefunds } from "./settle-paypal-refunds";

/** Every job the server runs. */
const serverJobs: Job[] = [
  recoverPurchases,
  recoverBids,
  recoverDevelopments,
  recoverFraudWarnings,
  announceDevelopments,
  releaseBidHolds,
  expireBids,
  recoverShopOrders,
  settleLandedPayouts,
  settlePaypalRefunds,
  resendInterruptedPayouts,
  resendDeletionRefunds,
  releaseClearedEarnings,
  payAutomaticPayouts,
  purgeIdempotencyKeys,
  purgeOfferPostbacks,
  deliverOutbox,
  purgeOutbox,
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
  /** The recovery run at start: how many interrupted items it finished. */
  recovered: Promise<number>;
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
  // Nothing waits for the first minute. Recovery runs here, in the starting process: a process killed while it ran a
  // sweep or an item leaves that job active in the queue until it expires (EXPIRE_SECONDS), and the exclusive
  // queues take no other job of that sweep or item meanwhile. Recovery claims its rows and repeats processor calls
  // with the same keys, so other instances recovering at the same moment do each thing once. Other sweeps are queued.
  const sweeps = jobs.filter((job): job is SweepJob => job.kind === "sweep");
  for (const job of sweeps) if (!job.recovery) await boss.send(job.name, {});
  const startup = recoverHere(
    deps,
    sweeps.filter((job) => job.recovery),
  );
  // A job taken out of the code leaves its schedule in the database: dropped, so nothing queues work for nobody.
  const names = new Set(jobs.map((job) => job.name));
  for (const schedule of await boss.getSchedules()) {
    if (!names.has(schedule.name)) await boss.unschedule(schedule.name, schedule.key);
  }

  const stopTimeoutMs = options.stopTimeoutMs ?? 5_000;
  return {
    boss,
    recovered: startup,
    async stop() {
      await Promise.race([startup, new Promise((resolve) => setTimeout(resolve, stopTimeoutMs).unref())]);
      await boss.stop({ graceful: true, timeout: stopTimeoutMs });
    },
  };
}

/**
 * Works every item of these sweeps in this process, one after another; one that fails is logged and left to the
 * sweep's next run. Resolves with the number of items worked without an error.
 */
async function recoverHere(deps: AppDeps, sweeps: SweepJob[]): Promise<number> {
  let worked = 0;
  for (const job of sweeps) {
    const log = deps.log?.child({ reqId: "job:start", job: job.name });
    let items: { key: string; data: object }[];
    try {
      items = await job.find({ ...deps, log });
    } catch (error) {
      log?.error({ err: error }, "recovery at start could not look for work");
      continue;
    }
    for (const item of items) {
      try {
        await job.work({ ...deps, log }, item.data);
        jobRuns.inc({ queue: job.itemQueue, outcome: "completed" });
        worked += 1;
      } catch (error) {
        jobRuns.inc({ queue: job.itemQueue, outcome: "failed" });
        log?.warn({ err: error, data: item.data }, "an item could not be recovered at start");
      }
    }
  }
  return worked;
}

/** A job's logger: every line carries the job's queue and id (as `reqId`, like a request's lines). */
function jobLog(deps: AppDeps, queue: string, id: string | undefined) {
  return deps.log?.child({ reqId: `job:${id ?? "unknown"}`, job: queue });
}

async function workCron(
  boss: PgBoss,
  deps: AppDeps,
  job: CronJob,
  polling: { pollingIntervalSeconds: number },
) {
  await boss.work(job.name, polling, async ([run]) => {
    const log = jobLog(deps, job.name, run?.id);
    try {
      await job.run({ ...deps, log });
      jobRuns.inc({ queue: job.name, outcome: "completed" });
    } catch (error) {
      jobRuns.inc({ queue: job.name, outcome: "failed" });
      log?.error({ err: error }, "a scheduled job failed");
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
  await boss.work(job.name, polling, async ([run]) => {
    const items = await job.find({ ...deps, log: jobLog(deps, job.name, run?.id) });
    jobRuns.inc({ queue: job.name, outcome: "completed" });
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
          const log = jobLog(deps, job.itemQueue, item.id);
          try {
            await job.work({ ...deps, log }, item.data);
            jobRuns.inc({ queue: job.itemQueue, outcome: "completed" });
            return { id: item.id, status: "completed" as const };
          } catch (error) {
            jobRuns.inc({ queue: job.itemQueue, outcome: "failed" });
            const message = error instanceof Error ? error.message : String(error);
            log?.warn({ err: error, data: item.data }, "an item job failed");
            return { id: item.id, status: "failed" as const, output: { message } };
          }
        }),
      ),
  );
}
