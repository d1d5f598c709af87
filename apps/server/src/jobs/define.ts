import { z } from "zod";
import type { AppDeps } from "../deps";

/**
 * How an item's job is tried again: `limit` retries, the first after `delaySeconds` to twice that (jitter), each
 * wait about double the last, never more than `maxDelaySeconds`.
 */
export type RetryPolicy = { limit: number; delaySeconds: number; maxDelaySeconds: number };

/** Six tries over 15 to 25 minutes, then the job is failed and kept for an operator. */
const DEFAULT_RETRY: RetryPolicy = { limit: 5, delaySeconds: 30, maxDelaySeconds: 10 * 60 };

/** A whole task on a schedule: run once per occurrence across every server instance. */
export type CronJob = {
  kind: "cron";
  name: string;
  /** A five-field cron expression, in UTC. */
  cron: string;
  /** `now` is the time the run acts at: the moment it starts, unless a test moves the clock. */
  run(deps: AppDeps, now?: Date): Promise<void>;
};

/**
 * A scheduled sweep that finds the items to work on and queues one job per item, each tried on its own: one bad
 * item is retried with backoff, then failed, and never holds up the others.
 */
export type SweepJob = {
  kind: "sweep";
  name: string;
  /** The queue of the item jobs. */
  itemQueue: string;
  cron: string;
  retry: RetryPolicy;
  /**
   * Finishes money operations a stopped process left in the middle: a starting server works these items itself
   * at once (jobs/queue.ts, `recoverHere`), whatever the queue still holds for a process that died.
   */
  recovery: boolean;
  /**
   * The items due at `now` (the moment it runs, unless a test moves the clock), each with its key: an item already
   * queued, running or waiting to retry is not queued again.
   */
  find(deps: AppDeps, now?: Date): Promise<{ key: string; data: object }[]>;
  /** Works one item, as its job's data came back from the queue, at `now` (as `find`). */
  work(deps: AppDeps, data: unknown, now?: Date): Promise<void>;
};

export type Job = CronJob | SweepJob;

export function cronJob(job: Omit<CronJob, "kind">): CronJob {
  return { kind: "cron", ...job };
}

/**
 * Declares a sweep. `item` is the schema of one item's job data (JSON: ids, days, amounts; no Dates): what
 * `find` returns is queued, and what `work` receives is read back through it.
 */
export function sweepJob<Item extends object>(job: {
  name: string;
  cron: string;
  item: z.ZodType<Item>;
  find(deps: AppDeps, now?: Date): Promise<Item[]>;
  key(item: Item): string;
  work(deps: AppDeps, item: Item, now?: Date): Promise<void>;
  retry?: RetryPolicy;
  recovery?: boolean;
}): SweepJob {
  return {
    kind: "sweep",
    name: job.name,
    itemQueue: `${job.name}.item`,
    cron: job.cron,
    retry: job.retry ?? DEFAULT_RETRY,
    recovery: job.recovery ?? false,
    async find(deps, now) {
      const items = await job.find(deps, now);
      return items.map((data) => ({ key: job.key(data), data }));
    },
    work: (deps, data, now) => job.work(deps, job.item.parse(data), now),
  };
}

/** The item of most sweeps: one row, by id. */
export const RowItem = z.object({ id: z.string() });
export type RowItem = z.infer<typeof RowItem>;
