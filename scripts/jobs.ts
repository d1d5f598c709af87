/**
 * `npm run jobs -- <command>`: the job queue for an operator. With the embedded database, stop the server first
 * (PGlite has one user at a time).
 *   failed [queue]       jobs that failed after their last retry, newest first (at most 100)
 *   retry <queue> <id>   queues a failed job again, with its retries afresh
 *   counts               jobs per queue and state
 */
import { loadConfig } from "../apps/server/src/config";
import { openDatabase } from "../apps/server/src/db/client";
import { countJobs, listFailedJobs } from "../apps/server/src/db/job-tables";
import { createBoss } from "../apps/server/src/jobs/queue";

const [command, ...args] = process.argv.slice(2);
const database = await openDatabase(loadConfig().database);
try {
  await database.migrate();
  if (command === "failed") {
    const failed = await listFailedJobs(database.db, { queue: args[0] });
    if (failed.length === 0) console.log("No failed jobs.");
    for (const job of failed) {
      console.log(
        `${job.failedAt}  ${job.queue}  ${job.id}${job.key ? `  key ${job.key}` : ""}  after ${job.retries} retries\n` +
          `    data:  ${JSON.stringify(job.data)}\n    error: ${JSON.stringify(job.error)}`,
      );
    }
  } else if (command === "retry" && args[0] && args[1]) {
    const [queue, id] = args;
    if ((await listFailedJobs(database.db, { queue, id })).length === 0) {
      console.error(`No failed job ${id} on ${queue}.`);
      process.exitCode = 1;
    } else {
      const boss = createBoss(database, {}, { supervise: false, schedule: false });
      await boss.start();
      try {
        await boss.retry(queue, id);
        console.log(`Queued ${id} on ${queue} again.`);
      } finally {
        await boss.stop({ graceful: false });
      }
    }
  } else if (command === "counts") {
    for (const { queue, state, count } of await countJobs(database.db)) {
      if (count > 0) console.log(`${queue.padEnd(36)} ${state.padEnd(10)} ${count}`);
    }
  } else {
    console.error("Usage: npm run jobs -- failed [queue] | retry <queue> <id> | counts");
    process.exitCode = 2;
  }
} finally {
  await database.close();
}
