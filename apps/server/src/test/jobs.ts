import type { AppDeps } from "../deps";
import type { Job } from "../jobs/define";

/**
 * One run of a production job, as the queue runs it, at `now` (a test moves the clock past a delay this way). A
 * sweep's items go through JSON as a queued job's data does, and each is worked on its own: one that throws counts
 * as failed (the queue would retry it) and the others go on. A cron job's run is one item.
 */
export async function runJobOnce(
  deps: AppDeps,
  job: Job,
  now?: Date,
): Promise<{ done: number; failed: number }> {
  if (job.kind === "cron") {
    await job.run(deps, now);
    return { done: 1, failed: 0 };
  }
  let done = 0;
  let failed = 0;
  for (const { data } of await job.find(deps, now)) {
    try {
      await job.work(deps, JSON.parse(JSON.stringify(data)), now);
      done += 1;
    } catch {
      failed += 1;
    }
  }
  return { done, failed };
}
