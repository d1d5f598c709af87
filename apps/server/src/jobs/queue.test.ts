import { queryRows } from "@mx/kit/sql";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { openDatabase } from "../db/client";
import { countJobs, listFailedJobs } from "../db/job-tables";
import { auditLog } from "../db/schema/ops";
import type { AppDeps } from "../deps";
import { createTestApp, type TestApp } from "../test/harness";
import { signUpOperator } from "../test/operators";
import { cronJob, type Job, sweepJob } from "./define";
import { createBoss, type JobQueue, startJobQueue } from "./queue";

/** Never due while a test runs: the tests queue the sweep themselves. */
const NOT_SOON = "0 0 1 1 *";
const fast = { pollingIntervalSeconds: 0.5, cronIntervalSeconds: 1, stopTimeoutMs: 1_000 };

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the job queue", () => {
  let t: TestApp;
  const queues: JobQueue[] = [];
  const start = async (jobs: Job[], deps: AppDeps = t.app.deps) => {
    const queue = await startJobQueue(deps, { jobs, ...fast });
    queues.push(queue);
    return queue;
  };

  // One database for the file: each test uses queues of its own.
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.stop()));
  });
  afterAll(() => t.close());

  it("is not started by building the app", async () => {
    expect(await countJobs(t.app.deps.db)).toEqual([]);
    // The gauge is declared (HELP/TYPE), with no sample: no queue, no job.
    expect((await t.call("GET", "/metrics")).body).not.toMatch(/^job_queue_jobs\{/m);
  });

  it("retries a failing item with backoff while the others complete, and fails one that never works", async () => {
    const attempts = new Map<string, number>();
    const done = new Set<string>();
    let fixed = false;
    const sweep = sweepJob({
      name: "test-sweep",
      cron: NOT_SOON,
      item: z.object({ id: z.string() }),
      find: async () => ["a", "flaky", "b", "broken", "c"].map((id) => ({ id })),
      key: (item) => item.id,
      async work(_deps, { id }) {
        const n = (attempts.get(id) ?? 0) + 1;
        attempts.set(id, n);
        if ((id === "broken" && !fixed) || (id === "flaky" && n === 1))
          throw new Error(`${id} failed (try ${n})`);
        done.add(id);
      },
      retry: { limit: 2, delaySeconds: 1, maxDelaySeconds: 1 },
    });
    const queue = await start([sweep]);
    await queue.boss.send("test-sweep");

    await until(async () => done.size === 4 && (await listFailedJobs(t.app.deps.db)).length === 1);
    expect([...done].sort()).toEqual(["a", "b", "c", "flaky"]);
    expect(attempts.get("flaky")).toBe(2);
    expect(attempts.get("broken")).toBe(3);
    expect(attempts.get("a")).toBe(1);

    const [failed] = await listFailedJobs(t.app.deps.db, { queue: "test-sweep.item" });
    expect(failed).toMatchObject({
      queue: "test-sweep.item",
      key: "broken",
      data: { id: "broken" },
      error: { message: "broken failed (try 3)" },
      retries: 2,
    });
    const counts = await countJobs(t.app.deps.db);
    expect(counts).toContainEqual({ queue: "test-sweep.item", state: "completed", count: 4 });
    expect(counts).toContainEqual({ queue: "test-sweep.item", state: "failed", count: 1 });
    const metrics = (await t.call("GET", "/metrics")).body;
    expect(metrics).toContain('job_queue_jobs{queue="test-sweep.item",state="completed"} 4');
    expect(metrics).toContain('job_queue_jobs{queue="test-sweep.item",state="failed"} 1');
    expect(metrics).toContain('job_queue_jobs{queue="test-sweep",state="retry"} 0');

    // Once its cause is fixed, an operator with money rights queues it again from the console; the queue works it.
    fixed = true;
    const finance = await signUpOperator(t, "finance");
    const support = await signUpOperator(t, "support");
    const retry = (id: string, token: string) =>
      t.call("POST", `/api/v1/ops/jobs/test-sweep.item/${id}/retry`, { token });
    expect((await retry(failed?.id ?? "", support.token)).statusCode).toBe(403);
    expect((await retry("not-a-job", finance.token)).statusCode).toBe(404);
    expect((await retry(failed?.id ?? "", finance.token)).statusCode).toBe(200);
    await until(() => done.has("broken"));
    expect(await listFailedJobs(t.app.deps.db)).toEqual([]);
    expect((await retry(failed?.id ?? "", finance.token)).statusCode).toBe(404);
    const audited = await t.app.deps.db.select().from(auditLog).where(eq(auditLog.action, "job.retry"));
    expect(audited).toMatchObject([{ actorId: finance.userId, targetType: "job", targetId: failed?.id }]);
  });

  it("does not queue an item again while it is queued or running", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const runs: string[] = [];
    const sweep = sweepJob({
      name: "test-dedup",
      cron: NOT_SOON,
      item: z.object({ id: z.string() }),
      find: async () => [{ id: "x" }, { id: "y" }],
      key: (item) => item.id,
      async work(_deps, { id }) {
        runs.push(id);
        await gate;
      },
    });
    const queue = await start([sweep]);
    await queue.boss.send("test-dedup");
    await until(() => runs.length === 2);
    // The sweep runs again while both items are still being worked on: nothing new is queued.
    await queue.boss.send("test-dedup");
    await until(async () => {
      const sweeps = await countJobs(t.app.deps.db);
      return sweeps.some((c) => c.queue === "test-dedup" && c.state === "completed" && c.count === 2);
    });
    release();
    await until(async () =>
      (await countJobs(t.app.deps.db)).some(
        (c) => c.queue === "test-dedup.item" && c.state === "completed" && c.count === 2,
      ),
    );
    expect(runs.sort()).toEqual(["x", "y"]);
  });

  it("recovers at start what a killed process's jobs still hold", async () => {
    // A process dies in the middle of a recovery sweep and of one item's job: both stay active in the queue
    // until they expire, and the exclusive queues take no other job of that sweep or key meanwhile.
    const dead = createBoss(t.app.deps.database);
    await dead.start();
    await dead.createQueue("test-recover", { policy: "exclusive" });
    await dead.createQueue("test-recover.item", { policy: "exclusive" });
    await dead.send("test-recover", {});
    await dead.send("test-recover.item", { id: "left" }, { singletonKey: "left" });
    expect(await dead.fetch("test-recover")).toHaveLength(1);
    expect(await dead.fetch("test-recover.item")).toHaveLength(1);
    await dead.stop({ graceful: false });

    const worked: string[] = [];
    const recovery = sweepJob({
      name: "test-recover",
      cron: NOT_SOON,
      recovery: true,
      item: z.object({ id: z.string() }),
      find: async () => [{ id: "left" }, { id: "other" }],
      key: (item) => item.id,
      async work(_deps, { id }) {
        worked.push(id);
      },
    });
    const queue = await start([recovery]);
    expect(await queue.recovered).toBe(2);
    expect(worked).toEqual(["left", "other"]);
    // The queue itself still holds the dead process's jobs: the sweep could not have run through it.
    expect(await countJobs(t.app.deps.db)).toContainEqual({
      queue: "test-recover",
      state: "active",
      count: 1,
    });
  });

  it("lets a running job finish when it stops", async () => {
    let finished = false;
    const slow = sweepJob({
      name: "test-slow",
      cron: NOT_SOON,
      item: z.object({ id: z.string() }),
      find: async () => [{ id: "only" }],
      key: (item) => item.id,
      async work() {
        await new Promise((resolve) => setTimeout(resolve, 700));
        finished = true;
      },
    });
    const queue = await startJobQueue(t.app.deps, { jobs: [slow], ...fast, stopTimeoutMs: 5_000 });
    await queue.boss.send("test-slow");
    await until(async () =>
      (await countJobs(t.app.deps.db)).some(
        (c) => c.queue === "test-slow.item" && c.state === "active" && c.count === 1,
      ),
    );
    await queue.stop();
    expect(finished).toBe(true);
    expect(await countJobs(t.app.deps.db)).toContainEqual({
      queue: "test-slow.item",
      state: "completed",
      count: 1,
    });
  });

  it("runs a scheduled job once per occurrence with two instances on one database", async () => {
    const runs: { instance: number; createdOn: Date }[] = [];
    const tick = (instance: number) =>
      cronJob({
        name: "test-tick",
        cron: "* * * * *",
        async run() {
          runs.push({ instance, createdOn: new Date() });
        },
      });
    // A second instance: on PostgreSQL its own connections; on PGlite the one connection there is.
    const other =
      t.app.deps.database.kind === "postgres"
        ? await secondDatabase(t.app.deps)
        : { deps: t.app.deps, close: async () => {} };
    // Started together, so they also race to create the queue's tables.
    await Promise.all([start([tick(1)]), start([tick(2)], other.deps)]);
    await until(() => runs.length > 0);
    // Both instances look at the schedule every second: give them a few looks each.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    // Each occurrence is filed once, under the minute it belongs to, by whichever instance sends it first; the
    // job it becomes may be created a moment later (an occurrence found just before a minute ends lands in the
    // next one), so occurrences are counted by the slot they were filed under, not by when their job appeared.
    const count = async () => {
      const [row] = await queryRows<{ filed: number; sent: number; ticks: number }>(
        t.app.deps.db,
        sql`select count(distinct data->>'slot') filter (where name = '__pgboss__send-it')::int as filed,
                   count(*) filter (where name = '__pgboss__send-it')::int as sent,
                   count(*) filter (where name = 'test-tick')::int as ticks
            from pgboss.job
            where name = 'test-tick' or (name = '__pgboss__send-it' and data->>'name' = 'test-tick')`,
      );
      return row;
    };
    // Every occurrence filed has become its job and run (the workers look every half second); doubles fail below.
    await until(async () => {
      const { filed, ticks } = await count();
      return ticks >= filed && runs.length >= ticks;
    });
    const { filed, sent, ticks } = await count();
    expect(filed).toBeGreaterThan(0);
    expect(sent).toBe(filed);
    expect(ticks).toBe(filed);
    expect(runs).toHaveLength(ticks);
    await other.close();
  });
});

/** The app's dependencies on a second connection pool to the same PostgreSQL database. */
async function secondDatabase(deps: AppDeps) {
  if (deps.database.driver.kind !== "postgres") throw new Error("PostgreSQL only");
  const database = await openDatabase({ kind: "postgres", url: deps.database.driver.url });
  return { deps: { ...deps, database, db: database.db }, close: () => database.close() };
}
