import type { PaymentGateway } from "@mx/processors/gateway";
import { GatewayRequestError } from "@mx/processors/gateway";
import { sandboxPayouts } from "@mx/sandbox/schema";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listFailedJobs } from "../db/job-tables";
import { payouts } from "../db/schema/payouts";
import type { AppDeps } from "../deps";
import { reservePayout } from "../modules/payouts/send-payout";
import { createTestApp, type TestApp } from "../test/harness";
import { addPayoutCard, connectedPlayer, creditEarnings, earningsOf } from "../test/payouts";
import { type JobQueue, startJobQueue } from "./queue";
import { resendInterruptedPayouts } from "./resend-interrupted-payouts";

let t: TestApp;
let queue: JobQueue | null = null;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await queue?.stop();
  await t.close();
});

/** A payout left `requested` by a process that stopped before calling the processor, minutes ago. */
async function interruptedPayout(cents: number) {
  const player = await connectedPlayer(t);
  const card = (await addPayoutCard(t, player.token)).json().data.data;
  await creditEarnings(t.app.deps.db, player.userId, cents);
  const row = await t.app.deps.db.transaction((tx) =>
    reservePayout(tx, {
      userId: player.userId,
      accountId: card.account,
      provider: "sandbox",
      amountCents: cents,
      feeCents: 100,
      currency: "usd",
      method: "instant",
      automatic: false,
      destination: card.id,
      destinationLabel: "VISA •••• 5556",
    }),
  );
  if (!row) throw new Error("not reserved");
  await t.app.deps.db
    .update(payouts)
    .set({ updatedAt: sql`now() - interval '5 minutes'` })
    .where(eq(payouts.id, row.id));
  return { ...row, userId: player.userId };
}

/** The sandbox, except that the processor cannot be reached for some payouts (`down` answers per try). */
function flakyGateway(real: PaymentGateway, down: (reference: string) => boolean): PaymentGateway {
  return new Proxy(real, {
    get(target, prop) {
      if (prop === "createPayout") {
        return async (input: Parameters<PaymentGateway["createPayout"]>[0]) => {
          if (down(input.reference)) throw new GatewayRequestError("unreachable", "Try again later.", 503);
          return target.createPayout(input);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

describe("the resend-interrupted-payouts job", () => {
  it("sends each interrupted payout on its own: one that keeps failing is retried, then failed, and holds up no other", async () => {
    const fine = await interruptedPayout(2_000);
    const flaky = await interruptedPayout(3_000);
    const dead = await interruptedPayout(4_000);
    const tries = new Map<string, number>();
    const gateway = flakyGateway(t.app.deps.gateway, (reference) => {
      const n = (tries.get(reference) ?? 0) + 1;
      tries.set(reference, n);
      return reference === dead.id || (reference === flaky.id && n === 1);
    });
    const deps: AppDeps = { ...t.app.deps, gateway };
    queue = await startJobQueue(deps, {
      jobs: [{ ...resendInterruptedPayouts, retry: { limit: 1, delaySeconds: 1, maxDelaySeconds: 1 } }],
      pollingIntervalSeconds: 0.5,
    });
    await queue.boss.send(resendInterruptedPayouts.name);

    const states = async () =>
      Object.fromEntries(
        (
          await t.app.deps.db
            .select({ id: payouts.id, state: payouts.state })
            .from(payouts)
            .where(inArray(payouts.id, [fine.id, flaky.id, dead.id]))
        ).map((r) => [r.id, r.state]),
      );
    const deadline = Date.now() + 20_000;
    while ((await listFailedJobs(t.app.deps.db, { queue: "resend-interrupted-payouts.item" })).length === 0) {
      if (Date.now() > deadline) throw new Error("the failing payout's job never failed");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const [failed] = await listFailedJobs(t.app.deps.db);
    expect(failed).toMatchObject({ key: dead.id, data: { id: dead.id }, retries: 1 });
    expect(await states()).toEqual({ [fine.id]: "paid", [flaky.id]: "paid", [dead.id]: "requested" });
    expect(tries.get(flaky.id)).toBe(2);
    // Each payout reached the processor once; the one never sent is still held from the balance.
    const sent = await t.app.deps.db
      .select({ reference: sandboxPayouts.reference })
      .from(sandboxPayouts)
      .where(inArray(sandboxPayouts.reference, [fine.id, flaky.id, dead.id]));
    expect(sent.map((s) => s.reference).sort()).toEqual([fine.id, flaky.id].sort());
    expect(await earningsOf(t.app.deps.db, dead.userId)).toBe(0);
  });
});
