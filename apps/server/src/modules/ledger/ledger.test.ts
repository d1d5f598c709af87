import { AppError } from "@mx/kit/errors";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { createTestDatabase } from "../../test/database";
import { checkLedger } from "./check-ledger";
import { accounts, balanceOf, postJournal, UnbalancedJournalError } from "./ledger";

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());

const post = (input: Parameters<typeof postJournal>[1]) =>
  database.db.transaction((tx) => postJournal(tx, input));
let ref = 0;
const nextRef = () => `r${++ref}`;

/** A sale: the buyer's card pays bid + fees; the seller earns bid − 5.00; fees and tax go to the platform. */
const sale = (seller: string, bid: number) => ({
  kind: "sale" as const,
  reference: nextRef(),
  entries: [
    { account: accounts.cardFunding, amountCents: -(bid + 600 + 299) },
    { account: accounts.earnings(seller), amountCents: bid - 500 },
    { account: accounts.platformFees, amountCents: 500 + 600 },
    { account: accounts.salesTaxPayable, amountCents: 299 },
  ],
});
const payout = (user: string, amount: number) => ({
  kind: "payout" as const,
  reference: nextRef(),
  entries: [
    { account: accounts.earnings(user), amountCents: -amount },
    { account: accounts.payouts, amountCents: amount },
  ],
});

describe("postJournal", () => {
  it("posts a balanced journal and derives balances from its entries", async () => {
    await post(sale("alice", 10_000));
    expect(await balanceOf(database.db, accounts.earnings("alice"))).toBe(9_500);
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it("refuses a journal that does not sum to zero, or moves fractions or nothing", async () => {
    const bad = [
      { account: accounts.cardFunding, amountCents: -100 },
      { account: accounts.platformRevenue, amountCents: 99 },
    ];
    await expect(post({ kind: "shop_order", reference: nextRef(), entries: bad })).rejects.toBeInstanceOf(
      UnbalancedJournalError,
    );
    const fraction = [
      { account: accounts.cardFunding, amountCents: -1.5 },
      { account: accounts.platformRevenue, amountCents: 1.5 },
    ];
    await expect(
      post({ kind: "shop_order", reference: nextRef(), entries: fraction }),
    ).rejects.toBeInstanceOf(UnbalancedJournalError);
    await expect(
      post({
        kind: "shop_order",
        reference: nextRef(),
        entries: [{ account: accounts.cardFunding, amountCents: 0 }],
      }),
    ).rejects.toBeInstanceOf(UnbalancedJournalError);
  });

  it("posts the same movement once", async () => {
    const input = { ...sale("bob", 2_000), reference: "same" };
    expect((await post(input)).duplicate).toBe(false);
    expect((await post(input)).duplicate).toBe(true);
    expect(await balanceOf(database.db, accounts.earnings("bob"))).toBe(1_500);
  });

  it("never takes earnings below zero, even with parallel payouts", async () => {
    await post(sale("carol", 1_500));
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => post(payout("carol", 400))));
    const paid = results.filter((r) => r.status === "fulfilled").length;
    expect(paid).toBe(2);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(AppError);
    expect(await balanceOf(database.db, accounts.earnings("carol"))).toBe(200);
  });
});

describe("the ledger under random operations", () => {
  it("keeps every invariant whatever the order of sales and payouts", async () => {
    const users = ["u1", "u2", "u3"];
    const op = fc.oneof(
      fc.record({
        type: fc.constant("sale" as const),
        user: fc.constantFrom(...users),
        cents: fc.integer({ min: 501, max: 500_000 }),
      }),
      fc.record({
        type: fc.constant("payout" as const),
        user: fc.constantFrom(...users),
        cents: fc.integer({ min: 1, max: 600_000 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const expected = new Map<string, number>();
        const run = `p${nextRef()}`;
        for (const o of ops) {
          const user = `${run}-${o.user}`;
          const before = expected.get(user) ?? 0;
          if (o.type === "sale") {
            await post(sale(user, o.cents));
            expected.set(user, before + o.cents - 500);
          } else {
            const ok = before >= o.cents;
            const attempt = post(payout(user, o.cents));
            if (ok) {
              await attempt;
              expected.set(user, before - o.cents);
            } else {
              await expect(attempt).rejects.toBeInstanceOf(AppError);
            }
          }
        }
        for (const [user, cents] of expected) {
          expect(await balanceOf(database.db, accounts.earnings(user))).toBe(cents);
        }
        expect(await checkLedger(database.db)).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });
});
