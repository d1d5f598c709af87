import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCard } from "../../test/cards";
import { createTestApp, type TestApp } from "../../test/harness";
import { addPayoutCard, connectedPlayer, creditEarnings, earningsOf } from "../../test/payouts";
import { checkLedger } from "../ledger/check-ledger";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.deps.db;

describe("deleting an account while its instant payouts run", () => {
  it("never deadlocks: every request answers, none with a 5xx, and the ledger balances", async () => {
    const rounds = 9;
    const players = [];
    for (let i = 0; i < rounds; i++) {
      const player = await connectedPlayer(t);
      expect((await addPayoutCard(t, player.token)).statusCode).toBe(201);
      // A buying card too, so the deletion refunds to it inside its transaction.
      if (i % 2 === 0) await addCard(t, player.token);
      await creditEarnings(db(), player.userId, 10_000);
      players.push(player);
    }
    const replies = await Promise.all(
      players.flatMap((player) => [
        t.call("POST", "/api/v1/users/instant-payout-card", { token: player.token, body: { amount: 2_000 } }),
        t.call("POST", "/api/v1/users/instant-payout-card", { token: player.token, body: { amount: 3_000 } }),
        t.call("DELETE", `/api/v1/users/${player.userId}`, { token: player.token }),
        t.call("POST", "/api/v1/users/instant-payout-card", { token: player.token, body: { amount: 1_500 } }),
        t.call("POST", "/api/v1/users/manual-payout", { token: player.token }),
      ]),
    );
    const fivexx = replies.filter((r) => r.statusCode >= 500).map((r) => r.body);
    expect(fivexx).toEqual([]);
    const deletions = replies.filter((_, i) => i % 5 === 2);
    expect(deletions.map((r) => r.statusCode)).toEqual(Array(rounds).fill(200));
    for (const player of players) expect(await earningsOf(db(), player.userId)).toBe(0);
    expect(await checkLedger(db())).toEqual([]);
  });
});
