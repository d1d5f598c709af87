import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listFailedJobs } from "../db/job-tables";
import { outboxMessages } from "../db/schema/outbox";
import type { AppDeps } from "../deps";
import type { Mailer } from "../modules/mail/mailer";
import { OUTBOX_MAX_ATTEMPTS } from "../modules/outbox/deliver";
import { queueMail } from "../modules/outbox/queue-message";
import { createTestApp, mailbox, type TestApp } from "../test/harness";
import { deliverOutbox } from "./deliver-outbox";
import { purgeOutbox } from "./purge-outbox";
import { type JobQueue, startJobQueue } from "./queue";

let t: TestApp;
let queue: JobQueue | null = null;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await queue?.stop();
  await t.close();
});

const mail = (to: string) => ({ to, subject: "Your notice", text: "Words", html: "<p>Words</p>" });

describe("the deliver-outbox job", () => {
  it("sends each due message in a job of its own: one the mail server refuses once is retried, one it always refuses ends failed and listed", async () => {
    const fine = await queueMail(t.app.deps.db, mail("fine@example.com"));
    const flaky = await queueMail(t.app.deps.db, mail("flaky@example.com"));
    const dead = await queueMail(t.app.deps.db, mail("dead@example.com"));
    // The dead one has two tries left.
    await t.app.deps.db
      .update(outboxMessages)
      .set({ attempts: OUTBOX_MAX_ATTEMPTS - 2 })
      .where(eq(outboxMessages.id, dead.id));
    const tries = new Map<string, number>();
    const real = t.app.deps.mailer;
    const mailer: Mailer = {
      kind: real.kind,
      async send(message) {
        const n = (tries.get(message.to) ?? 0) + 1;
        tries.set(message.to, n);
        if (message.to === "dead@example.com" || (message.to === "flaky@example.com" && n === 1)) {
          throw new Error("mailbox unavailable");
        }
        await real.send(message);
      },
    };
    const deps: AppDeps = { ...t.app.deps, mailer };
    queue = await startJobQueue(deps, {
      jobs: [{ ...deliverOutbox, retry: { limit: 1, delaySeconds: 1, maxDelaySeconds: 1 } }],
      pollingIntervalSeconds: 0.5,
    });

    const deadline = Date.now() + 20_000;
    while ((await listFailedJobs(t.app.deps.db, { queue: "deliver-outbox.item" })).length === 0) {
      if (Date.now() > deadline) throw new Error("the dead message's job never failed");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const [failed] = await listFailedJobs(t.app.deps.db, { queue: "deliver-outbox.item" });
    expect(failed).toMatchObject({ key: dead.id, data: { id: dead.id }, retries: 1 });
    const states = Object.fromEntries(
      (await t.app.deps.db.select().from(outboxMessages)).map((row) => [row.id, [row.state, row.attempts]]),
    );
    expect(states).toEqual({
      [fine.id]: ["sent", 1],
      [flaky.id]: ["sent", 2],
      [dead.id]: ["failed", OUTBOX_MAX_ATTEMPTS],
    });
    expect(await mailbox(t, "fine@example.com")).toHaveLength(1);
    expect(await mailbox(t, "flaky@example.com")).toHaveLength(1);
    expect(await mailbox(t, "dead@example.com")).toHaveLength(0);
  });

  it("purge-outbox deletes the rows of messages sent over 30 days ago, and keeps newer and failed ones", async () => {
    // The queue of the test above is stopped: its sweep must not send these rows meanwhile.
    await queue?.stop();
    queue = null;
    const old = await queueMail(t.app.deps.db, mail("old@example.com"));
    const recent = await queueMail(t.app.deps.db, mail("recent@example.com"));
    const failed = await queueMail(t.app.deps.db, mail("given-up@example.com"));
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const set = (id: string, values: Partial<typeof outboxMessages.$inferInsert>) =>
      t.app.deps.db.update(outboxMessages).set(values).where(eq(outboxMessages.id, id));
    await set(old.id, { state: "sent", sentAt: daysAgo(31) });
    await set(recent.id, { state: "sent", sentAt: daysAgo(29) });
    await set(failed.id, { state: "failed", createdAt: daysAgo(60) });
    await purgeOutbox.run(t.app.deps);
    const left = new Set((await t.app.deps.db.select().from(outboxMessages)).map((row) => row.id));
    expect(left.has(old.id)).toBe(false);
    expect(left.has(recent.id)).toBe(true);
    expect(left.has(failed.id)).toBe(true);
  });
});
