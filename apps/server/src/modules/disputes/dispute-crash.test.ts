/**
 * A dispute's handling survives a crash: a real server process, started with CRASH_AT naming a point of the
 * dispute's handler, hears the sandbox's notice of a dispute and kills itself there with SIGKILL. A fresh server on
 * the same database is handed the notice again (the sandbox's queue keeps it until told), and exactly one dispute row
 * and one withdrawal journal exist after it.
 *
 * PostgreSQL only: a killed process must leave a database another process can open, as a real server does.
 */

import { deliverSandboxNotices } from "@mx/sandbox/notices";
import { sandboxNotices, sandboxPaymentIntents } from "@mx/sandbox/schema";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { testConfig } from "../../config";
import { buildings, properties } from "../../db/schema/buildings";
import { disputes } from "../../db/schema/disputes";
import { ledgerJournals } from "../../db/schema/ledger";
import { purchases } from "../../db/schema/purchases";
import { collection, osmFeature } from "../../test/buildings";
import { addCard } from "../../test/cards";
import { requestThatCrashes, restartAndRecover } from "../../test/crash";
import { createTestDatabase } from "../../test/database";
import { signUp, type TestApp, testAppOf } from "../../test/harness";
import { moneyProblems } from "../../test/money";
import { type ServerProcess, startServerProcess } from "../../test/server-process";
import { importBuildings } from "../buildings/import-buildings";
import { parseFootprints } from "../buildings/parse-footprints";
import { checkLedger } from "../ledger/check-ledger";
import { RefundAwaitsDisputeError } from "../money/disputed-refund";
import { refundPurchasePayment } from "../properties/refund-purchase";
import { processorNotices } from "../webhooks/processor-notices";

const isPostgres = process.env.DATABASE_URL?.startsWith("postgres") ?? false;
const SECRET = "crash-test-session-secret-0123456789abcdef";
const FRAUDULENT = "4000 0000 0000 0259";

let t: TestApp;
let url: string;
let drop: () => Promise<void>;
let buildingCounter = 0;

const db = () => t.app.deps.db;

/** A server process that delivers the sandbox's notices as soon as they are queued. */
const startServer = (env: Record<string, string> = {}) =>
  startServerProcess({
    databaseUrl: url,
    sessionSecret: SECRET,
    env: { SANDBOX_NOTICE_DELAY_MS: "0", ...env },
  });

async function newBuilding(): Promise<{ id: string; base: number }> {
  buildingCounter += 1;
  const id = `way/${950_000 + buildingCounter}`;
  const { records, format } = parseFootprints(
    collection([osmFeature(id, -73.95 + buildingCounter * 0.001, 40.78, { levels: 4 })]),
  );
  await importBuildings(db(), records, format);
  const [row] = await db().select().from(buildings).where(eq(buildings.id, id));
  return { id, base: row?.basePriceCents ?? 0 };
}

/** A building bought (through the in-process app) with the card the sandbox disputes: its notice is queued. */
async function disputedPurchase() {
  const building = await newBuilding();
  const buyer = await signUp(t);
  const card = await addCard(t, buyer.token, FRAUDULENT);
  const res = await t.call("POST", "/api/v1/properties/buy", {
    token: buyer.token,
    body: {
      buildingId: building.id,
      paymentMethodId: card,
      bidAmount: building.base / 100,
      isApplePay: false,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [purchase] = await db().select().from(purchases).where(eq(purchases.userId, buyer.userId));
  return { building, intentId: purchase?.paymentIntentId ?? "" };
}

/** Waits (30 s at most) for the server to kill itself at its crash point. */
async function killedAtItsPoint(server: ServerProcess): Promise<void> {
  const timeout = new Promise<"still running">((resolve) =>
    setTimeout(() => resolve("still running"), 30_000),
  );
  const outcome = await Promise.race([server.exited, timeout]);
  if (outcome !== "SIGKILL") server.child.kill("SIGKILL");
  expect(outcome, server.output()).toBe("SIGKILL");
}

const noticeOf = async (intentId: string) =>
  (await db().select().from(sandboxNotices).where(eq(sandboxNotices.subject, intentId)))[0];

describe.runIf(isPostgres)("a dispute's handling survives SIGKILL", () => {
  beforeAll(async () => {
    const created = await createTestDatabase();
    if (!created.url) throw new Error("PostgreSQL expected");
    url = created.url;
    drop = created.drop;
    // This process queues the notices but never delivers them (their delay is an hour): the servers do.
    const app = await buildApp({
      config: testConfig({ sessionSecret: SECRET, sandboxNoticeDelayMs: 3_600_000 }),
      database: created.database,
    });
    await app.ready();
    t = testAppOf(app, () => app.close());
    // Not an empty catalogue nor a playerless game, which a server's first start would fill with demo data.
    await newBuilding();
    await signUp(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await drop?.();
  });

  for (const point of ["dispute.read", "dispute.settled"]) {
    it(`a dispute notice killed at ${point} is handled once after a restart`, async () => {
      const server = await startServer({ CRASH_AT: point });
      const { building, intentId } = await disputedPurchase();
      await killedAtItsPoint(server);
      // Killed before its transaction (nothing written), or after its commit (all of it written).
      const before = await db().select().from(disputes).where(eq(disputes.paymentIntentId, intentId));
      expect(before).toHaveLength(point === "dispute.read" ? 0 : 1);
      // The notice was being told when the process died: the queue hands it over again once its claim is stale.
      expect((await noticeOf(intentId))?.state).toBe("sending");
      await db()
        .update(sandboxNotices)
        .set({ claimedAt: sql`now() - interval '1 hour'` })
        .where(eq(sandboxNotices.subject, intentId));

      await restartAndRecover(
        startServer,
        async () => (await noticeOf(intentId))?.state === "sent",
        async () => `the notice is ${(await noticeOf(intentId))?.state}`,
      );
      const rows = await db().select().from(disputes).where(eq(disputes.paymentIntentId, intentId));
      expect(rows).toHaveLength(1);
      const withdrawn = await db()
        .select({ id: ledgerJournals.id })
        .from(ledgerJournals)
        .where(
          sql`${ledgerJournals.kind} = 'dispute_withdrawn' and ${ledgerJournals.reference} = ${rows[0]?.id}`,
        );
      expect(withdrawn).toHaveLength(1);
      const [property] = await db().select().from(properties).where(eq(properties.buildingId, building.id));
      expect(property?.frozenDisputeId).toBe(rows[0]?.id);
      expect(await checkLedger(db())).toEqual([]);
    }, 120_000);
  }

  it("a dispute told before the purchase it disputes is settled is told again once recovery has settled it", async () => {
    const building = await newBuilding();
    const buyer = await signUp(t);
    const card = await addCard(t, buyer.token, FRAUDULENT);
    // Killed once the card is charged and the dispute queued with the charge, before the settling transaction.
    const server = await startServer({ CRASH_AT: "purchase.charged", SANDBOX_NOTICE_DELAY_MS: "600000" });
    await requestThatCrashes(server, "properties/buy", buyer.token, {
      buildingId: building.id,
      paymentMethodId: card,
      bidAmount: building.base / 100,
      isApplePay: false,
    });
    const [purchase] = await db().select().from(purchases).where(eq(purchases.userId, buyer.userId));
    expect(purchase?.status).toBe("pending");
    const [intent] = await db()
      .select({ id: sandboxPaymentIntents.id })
      .from(sandboxPaymentIntents)
      .where(sql`${sandboxPaymentIntents.metadata}->>'operation' = ${`purchase:${purchase?.id}`}`);
    const intentId = intent?.id ?? "";

    // Told now, the dispute is not dropped as one on a payment the platform does not know: it waits in the queue.
    const told = await deliverSandboxNotices(db(), processorNotices(t.app.deps, t.app.log));
    expect(told.failed).toHaveLength(1);
    expect(await db().select().from(disputes).where(eq(disputes.paymentIntentId, intentId))).toEqual([]);
    const waiting = await noticeOf(intentId);
    expect(waiting).toMatchObject({ state: "queued", attempts: 1 });
    expect(waiting?.lastError).toContain(`purchase:${purchase?.id}, which is not settled yet`);

    // Recovery settles the purchase (the notice held back meanwhile), and the dispute told again is recorded.
    const holdBack = (at: ReturnType<typeof sql>) =>
      db().update(sandboxNotices).set({ notBefore: at }).where(eq(sandboxNotices.subject, intentId));
    await holdBack(sql`now() + interval '1 hour'`);
    await restartAndRecover(
      () => startServer({ SANDBOX_NOTICE_DELAY_MS: "600000" }),
      async () =>
        (await db().select().from(purchases).where(eq(purchases.userId, buyer.userId)))[0]?.status ===
        "completed",
    );
    await holdBack(sql`now()`);
    const again = await deliverSandboxNotices(db(), processorNotices(t.app.deps, t.app.log));
    expect(again.failed).toEqual([]);
    const [row] = await db().select().from(disputes).where(eq(disputes.paymentIntentId, intentId));
    expect(row).toMatchObject({ subject: "purchase", subjectId: purchase?.id, state: "needs_response" });
    const [property] = await db().select().from(properties).where(eq(properties.buildingId, building.id));
    expect(property).toMatchObject({ ownerId: buyer.userId, frozenDisputeId: row?.id });
    expect(await checkLedger(db())).toEqual([]);
  }, 120_000);

  it("a refund a lost dispute's chargeback made, killed before the purchase is marked refunded, ends once after a restart", async () => {
    // Every notice queued so far delivered now, by this process.
    const deliverNow = async () => {
      await db()
        .update(sandboxNotices)
        .set({ notBefore: sql`now()` })
        .where(eq(sandboxNotices.state, "queued"));
      await deliverSandboxNotices(db(), processorNotices(t.app.deps, t.app.log));
    };
    const { intentId } = await disputedPurchase();
    await deliverNow();
    const [opened] = await db().select().from(disputes).where(eq(disputes.paymentIntentId, intentId));
    expect(opened?.state).toBe("needs_response");
    const [purchase] = await db().select().from(purchases).where(eq(purchases.paymentIntentId, intentId));
    if (!purchase) throw new Error("no purchase");
    // Begun as the console's refund begins, then refused by the processor: it waits for the dispute.
    await expect(
      refundPurchasePayment(t.app.deps, purchase, "refunded by the console"),
    ).rejects.toBeInstanceOf(RefundAwaitsDisputeError);
    await t.app.deps.gateway.submitDisputeEvidence({
      id: opened?.processorId ?? "",
      text: "losing_evidence",
    });
    await deliverNow();
    const [lost] = await db().select().from(disputes).where(eq(disputes.paymentIntentId, intentId));
    expect(lost?.state).toBe("lost");

    const statusOf = async () =>
      (await db().select().from(purchases).where(eq(purchases.id, purchase.id)))[0]?.status;
    const chargebackRefunds = () =>
      db()
        .select({ id: ledgerJournals.id })
        .from(ledgerJournals)
        .where(
          sql`${ledgerJournals.kind} = 'chargeback_refund' and ${ledgerJournals.reference} = ${lost?.id}`,
        );
    // The server's recovery asks the processor again, is refused, finds the dispute lost, posts the chargeback's
    // journal, and is killed before it marks the purchase refunded.
    await killedAtItsPoint(await startServer({ CRASH_AT: "purchase.charged-back" }));
    expect(await chargebackRefunds()).toHaveLength(1);
    expect(await statusOf()).toBe("refunding");

    await restartAndRecover(
      startServer,
      async () => (await statusOf()) === "refunded",
      async () => `the purchase is ${await statusOf()}`,
    );
    expect(await chargebackRefunds()).toHaveLength(1);
    expect((await t.app.deps.gateway.retrievePaymentIntent(intentId)).refundedCents).toBe(0);
    expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);
  }, 120_000);
});
