import { sandboxPayouts } from "@mx/sandbox/schema";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payouts } from "../../db/schema/payouts";
import { addCard } from "../../test/cards";
import { createTestApp, type TestApp } from "../../test/harness";
import {
  addPayoutCard,
  connectedPlayer,
  creditEarnings,
  earningsOf,
  FAILING_PAYOUT_CARD,
} from "../../test/payouts";
import { checkLedger } from "../ledger/check-ledger";
import { settlePayouts } from "./settle-payouts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const op = fc.oneof(
  fc.record({ type: fc.constant("sale" as const), cents: fc.integer({ min: 1, max: 50_000 }) }),
  fc.record({ type: fc.constant("instant" as const), cents: fc.integer({ min: 1, max: 60_000 }) }),
  fc.record({
    type: fc.constant("instantBurst" as const),
    amounts: fc.array(fc.integer({ min: 101, max: 30_000 }), { minLength: 2, maxLength: 6 }),
  }),
  fc.record({ type: fc.constant("manual" as const) }),
  fc.record({ type: fc.constant("useCard" as const), failing: fc.boolean() }),
  fc.record({ type: fc.constant("land" as const) }),
  fc.record({ type: fc.constant("delete" as const) }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

/**
 * Whatever the order of sales, instant and manual payouts (some to a card whose payouts fail), payouts landing or
 * failing at the bank, and the account's deletion: the balance is never below zero, always what a simple model of
 * the rules says it is, and the ledger always balances.
 */
describe("a player's balance", () => {
  it("never goes below zero and always matches the model, whatever the order of events", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops: Op[]) => {
        const db = t.app.deps.db;
        const player = await connectedPlayer(t);
        await addCard(t, player.token);
        const good = (await addPayoutCard(t, player.token)).json().data.data;
        const failing = (await addPayoutCard(t, player.token, FAILING_PAYOUT_CARD)).json().data.data;
        let model = 0;
        let failingIsDefault = false;
        let deleted = false;
        /** Pending standard payouts, and whether they will fail when they land. */
        const pending = new Map<string, { cents: number; fails: boolean }>();

        const instant = async (cents: number) => {
          const res = await t.call("POST", "/api/v1/users/instant-payout-card", {
            token: player.token,
            body: { amount: cents },
          });
          return { cents, status: res.statusCode };
        };

        for (const step of ops) {
          // After the deletion only the bank still acts: payouts made before it land or fail.
          if (deleted && step.type !== "land") continue;
          switch (step.type) {
            case "sale":
              await creditEarnings(db, player.userId, step.cents);
              model += step.cents;
              break;
            case "instant": {
              const { status } = await instant(step.cents);
              const allowed = model > 0 && step.cents > 100 && step.cents <= model;
              expect(status).toBe(
                allowed ? (failingIsDefault ? 402 : 200) : step.cents <= 100 && model > 0 ? 400 : 409,
              );
              if (allowed && !failingIsDefault) model -= step.cents;
              break;
            }
            case "instantBurst": {
              const results = await Promise.all(step.amounts.map(instant));
              const paid = results.filter((r) => r.status === 200).reduce((sum, r) => sum + r.cents, 0);
              for (const r of results) expect([200, 402, 409]).toContain(r.status);
              expect(paid).toBeLessThanOrEqual(model);
              model -= paid;
              break;
            }
            case "manual": {
              const res = await t.call("POST", "/api/v1/users/manual-payout", { token: player.token });
              expect(res.statusCode).toBe(model > 0 ? 200 : 409);
              if (res.statusCode === 200) {
                pending.set(res.json().data.payout.id, { cents: model, fails: failingIsDefault });
                model = 0;
              }
              break;
            }
            case "useCard": {
              const card = step.failing ? failing : good;
              const res = await t.call("PUT", "/api/v1/users/setDefaultSubaccount", {
                token: player.token,
                body: { AccountId: card.id, defaultCard: true },
              });
              expect(res.statusCode).toBe(200);
              failingIsDefault = step.failing;
              break;
            }
            case "land": {
              const past = new Date(Date.now() - 1000);
              for (const id of pending.keys()) {
                await db
                  .update(sandboxPayouts)
                  .set({ arrivalAt: past })
                  .where(eq(sandboxPayouts.reference, id));
                await db.update(payouts).set({ arrivalAt: past }).where(eq(payouts.id, id));
              }
              await settlePayouts(t.app.deps, { userId: player.userId, retryRequested: false });
              for (const { cents, fails } of pending.values()) if (fails) model += cents;
              pending.clear();
              break;
            }
            case "delete": {
              const res = await t.call("DELETE", `/api/v1/users/${player.userId}`, { token: player.token });
              expect(res.statusCode).toBe(200);
              // Refunded to the default buying card (minus the fee), or taken by the fee. A payout still on its
              // way that fails later is owed to the deleted player again (and shows on the ledger).
              model = 0;
              deleted = true;
              break;
            }
          }
          const balance = await earningsOf(db, player.userId);
          expect(balance).toBeGreaterThanOrEqual(0);
          expect(balance).toBe(model);
        }
        expect(await checkLedger(db)).toEqual([]);
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});
