import { SUPPORT_EMAIL_SLOT } from "@mx/shared/constants";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "../../db/schema/outbox";
import { createTestApp, latestCode, mailbox, type TestApp } from "../../test/harness";
import { eventually, makeDue, outboxMailTo, sweepOutbox } from "../../test/outbox";
import type { Mail, Mailer } from "../mail/mailer";
import { createOtp } from "../otp/create-otp";
import { deliverOutboxMessage, deliverSoon, OUTBOX_MAX_ATTEMPTS } from "./deliver";
import { queueMail } from "./queue-message";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
/** A mail to an address no other test writes to. */
function mailTo(): Mail {
  counter += 1;
  const to = `outbox${Date.now().toString(36)}${counter}@example.com`;
  return { to, subject: "Hello", text: "Plain words", html: "<p>Plain words</p>" };
}

const down: Mailer = {
  kind: "smtp",
  send: async () => {
    throw new Error("smtp down");
  },
};

const rowOf = async (id: string) =>
  (await t.app.deps.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0];

describe("the outbox", () => {
  it("never sends a mail queued in a transaction that rolled back", async () => {
    const mail = mailTo();
    await expect(
      t.app.deps.db.transaction(async (tx) => {
        await queueMail(tx, mail);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await outboxMailTo(t.app.deps.db, mail.to)).toEqual([]);
    await sweepOutbox(t.app.deps);
    expect(await mailbox(t, mail.to)).toEqual([]);
  });

  it("sends a committed mail after the commit, once, with the support address filled in", async () => {
    const mail = { ...mailTo(), text: `Write to ${SUPPORT_EMAIL_SLOT}` };
    const queued = await t.app.deps.db.transaction((tx) => queueMail(tx, mail));
    deliverSoon(t.app.deps, queued);
    const [sent] = await mailbox(t, mail.to);
    expect(sent?.text).toBe(`Write to ${t.app.deps.config.supportEmail}`);
    const row = await rowOf(queued.id);
    expect(row).toMatchObject({ state: "sent", attempts: 1, lastError: null });
    // Once sent, the row keeps who it went to and its subject, not its words.
    expect(row?.payload).toEqual({ to: mail.to, subject: mail.subject });
    // A second sender finds it sent and sends nothing.
    expect(await deliverOutboxMessage(t.app.deps, queued.id)).toBe(false);
    expect(await deliverOutboxMessage(t.app.deps, queued.id, { fromSweep: true })).toBe(false);
    expect(await mailbox(t, mail.to)).toHaveLength(1);
  });

  it("leaves a mail the server refused queued for later, and the sweep's job sends it", async () => {
    const mail = mailTo();
    const errors: unknown[] = [];
    const queued = await queueMail(t.app.deps.db, mail);
    deliverSoon({ ...t.app.deps, mailer: down, log: { error: (obj) => errors.push(obj) } }, queued);
    const failed = await eventually(
      () => rowOf(queued.id),
      (row) => row?.attempts === 1,
    );
    expect(failed).toMatchObject({ state: "queued", attempts: 1, lastError: "smtp down", claimedAt: null });
    expect(failed?.notBefore.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(errors).toHaveLength(1);

    // Not due yet: the sweep leaves it alone. Once its wait is over, the sweep's job sends it.
    await sweepOutbox(t.app.deps);
    expect(await mailbox(t, mail.to)).toEqual([]);
    await makeDue(t.app.deps.db, queued.id);
    expect(await sweepOutbox(t.app.deps)).toEqual([]);
    expect(await mailbox(t, mail.to)).toHaveLength(1);
    expect(await rowOf(queued.id)).toMatchObject({ state: "sent", attempts: 2 });
  });

  it("sends again a mail left in `sending` by a process that stopped, but not one still being sent", async () => {
    const lost = await queueMail(t.app.deps.db, mailTo());
    const busy = await queueMail(t.app.deps.db, mailTo());
    await t.app.deps.db
      .update(outboxMessages)
      .set({ state: "sending", claimedAt: sql`now() - interval '10 minutes'` })
      .where(eq(outboxMessages.id, lost.id));
    await t.app.deps.db
      .update(outboxMessages)
      .set({ state: "sending", claimedAt: sql`now() - interval '1 minute'` })
      .where(eq(outboxMessages.id, busy.id));
    expect(await sweepOutbox(t.app.deps)).toEqual([]);
    expect(await rowOf(lost.id)).toMatchObject({ state: "sent" });
    expect(await rowOf(busy.id)).toMatchObject({ state: "sending" });
    // Its sender finishes (the other tests wait for nothing unsent).
    await t.app.deps.db.update(outboxMessages).set({ state: "sent" }).where(eq(outboxMessages.id, busy.id));
  });

  it("marks a mail failed after its last try, and its job keeps failing so it is listed", async () => {
    const mail = mailTo();
    const queued = await queueMail(t.app.deps.db, mail);
    await t.app.deps.db
      .update(outboxMessages)
      .set({ attempts: OUTBOX_MAX_ATTEMPTS - 1 })
      .where(eq(outboxMessages.id, queued.id));
    const failing = { ...t.app.deps, mailer: down };
    await expect(deliverOutboxMessage(failing, queued.id, { fromSweep: true })).rejects.toThrow("smtp down");
    expect(await rowOf(queued.id)).toMatchObject({ state: "failed", attempts: OUTBOX_MAX_ATTEMPTS });
    await expect(deliverOutboxMessage(t.app.deps, queued.id, { fromSweep: true })).rejects.toThrow(
      /failed after its tries: smtp down/,
    );
    await makeDue(t.app.deps.db, queued.id);
    await sweepOutbox(t.app.deps);
    expect(await mailbox(t, mail.to)).toEqual([]);
  });

  it("answers a code request once the code is queued, whatever the mail server says; the code arrives later", async () => {
    const email = mailTo().to;
    const answer = await createOtp({ ...t.app.deps, mailer: down }, { email, type: "UR" });
    expect(answer.message).toBeTruthy();
    const [queued] = await eventually(
      () => outboxMailTo(t.app.deps.db, email),
      (rows) => rows[0]?.attempts === 1,
    );
    expect(queued).toMatchObject({ state: "queued", lastError: "smtp down" });
    await makeDue(t.app.deps.db, queued?.id ?? "");
    await sweepOutbox(t.app.deps);
    const code = await latestCode(t, email);
    const verified = await t.call("POST", "/api/v1/otp/verify", { body: { email, type: "UR", otp: code } });
    expect(verified.statusCode).toBe(200);
  });
});
