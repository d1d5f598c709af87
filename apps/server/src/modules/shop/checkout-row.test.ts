import { paySandboxCheckoutSession } from "@mx/sandbox/checkout-payment";
import { sandboxCheckoutSessions } from "@mx/sandbox/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopCheckouts, shopOrders } from "../../db/schema/shop";
import { recoverShopOrders } from "../../jobs/recover-shop-orders";
import { TEST_CARDS, tokenise } from "../../test/cards";
import { createTestApp, type TestApp } from "../../test/harness";
import { runJobOnce } from "../../test/jobs";
import { moneyProblems } from "../../test/money";
import { createCheckout, newShopper } from "../../test/shop";
import { openAtProcessor, reserveCheckout } from "./checkout-row";
import { findOpenCheckouts, recoverShopOrder } from "./recover-orders";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
const CAP = "price_mx_snapback_cap";
const priced = (email: string) => ({
  provider: "sandbox",
  email,
  lines: [{ productId: 1, name: "Snapback Cap", unitPriceCents: 10_000, quantity: 1 }],
  amountCents: 10_000,
});

async function checkoutOf(email: string) {
  const rows = await db().select().from(shopCheckouts).where(eq(shopCheckouts.email, email));
  expect(rows).toHaveLength(1);
  return rows[0] as NonNullable<(typeof rows)[0]>;
}

/** Recovery as it runs a day on: every checkout is past the recovery delay. */
const later = (hours: number) => new Date(Date.now() + hours * 3_600_000);

describe("a shop checkout on the money skeleton", () => {
  it("is written reserved with its key before the processor is asked, then noted open under that key", async () => {
    const email = newShopper("skeleton");
    const seen: string[] = [];
    const row = await reserveCheckout(db(), priced(email));
    expect(row.state).toBe("reserved");
    expect(row.processorKey).toBe(`shop:${row.id}`);
    expect(row.sessionId).toBeNull();
    const opened = await openAtProcessor(db(), row, async (r) => {
      // The row is committed before the processor hears of it.
      seen.push((await checkoutOf(email)).state);
      return { id: `cs_test_${r.id}` };
    });
    expect(seen).toEqual(["reserved"]);
    expect(opened.id).toBe(`cs_test_${row.id}`);
    const now = await checkoutOf(email);
    expect(now.state).toBe("open");
    expect(now.sessionId).toBe(`cs_test_${row.id}`);
  });

  it("asks the processor under the checkout's key: the session carries it", async () => {
    const email = newShopper("keyed");
    await createCheckout(t, email, [{ price: CAP, quantity: 1 }], { ship: false });
    const row = await checkoutOf(email);
    const [session] = await db()
      .select()
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.id, row.sessionId ?? ""));
    expect(session?.idempotencyKey).toBe(row.processorKey);
    expect(row.state).toBe("open");
  });

  it("abandons the checkout when the processor refuses or cannot be reached, and tells why", async () => {
    const email = newShopper("refused");
    const row = await reserveCheckout(db(), priced(email));
    await expect(
      openAtProcessor(db(), row, async () => {
        throw new Error("processor unreachable");
      }),
    ).rejects.toThrow("processor unreachable");
    expect((await checkoutOf(email)).state).toBe("abandoned");
  });

  it("gives no way to pay a checkout that recovery ended before its session was noted", async () => {
    const email = newShopper("ended");
    const row = await reserveCheckout(db(), priced(email));
    await expect(
      openAtProcessor(db(), row, async () => {
        // Recovery runs meanwhile (the request took longer than the recovery delay).
        await runJobOnce(t.app.deps, recoverShopOrders, later(1));
        return { id: `cs_test_${row.id}` };
      }),
    ).rejects.toThrow(/ended before its session was noted/);
    const now = await checkoutOf(email);
    expect(now.state).toBe("abandoned");
    expect(now.sessionId).toBeNull();
  });

  it("recovery abandons a checkout left reserved, and writes the order of an open one paid at the processor", async () => {
    const reservedEmail = newShopper("stopped");
    await reserveCheckout(db(), priced(reservedEmail));
    const paidEmail = newShopper("paid");
    const clientSecret = await createCheckout(t, paidEmail, [{ price: CAP, quantity: 1 }]);
    const token = (await tokenise(t, TEST_CARDS.visa)).json().data.id as string;
    // Paid at the processor, and the order never written (no notice reached us).
    await paySandboxCheckoutSession(db(), { clientSecret, token });
    expect((await checkoutOf(paidEmail)).state).toBe("open");

    const waiting = await findOpenCheckouts(t.app.deps, later(1));
    expect(waiting.map((c) => c.state)).toContain("reserved");
    await runJobOnce(t.app.deps, recoverShopOrders, later(1));

    expect((await checkoutOf(reservedEmail)).state).toBe("abandoned");
    const paid = await checkoutOf(paidEmail);
    expect(paid.state).toBe("ordered");
    const orders = await db().select().from(shopOrders).where(eq(shopOrders.email, paidEmail));
    expect(orders).toHaveLength(1);
    // Once more: nothing changes.
    expect(await recoverShopOrder(t.app.deps, { ...paid, state: "open" }, later(1))).toBe(true);
    expect(await db().select().from(shopOrders).where(eq(shopOrders.email, paidEmail))).toHaveLength(1);
    expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);
  });

  it("recovery leaves an open unpaid checkout waiting, and abandons it once it has lapsed", async () => {
    const email = newShopper("lapsed");
    await createCheckout(t, email, [{ price: CAP, quantity: 1 }], { ship: false });
    await runJobOnce(t.app.deps, recoverShopOrders, later(1));
    expect((await checkoutOf(email)).state).toBe("open");
    await runJobOnce(t.app.deps, recoverShopOrders, later(30));
    expect((await checkoutOf(email)).state).toBe("abandoned");
    expect(await db().select().from(shopOrders).where(eq(shopOrders.email, email))).toHaveLength(0);
  });
});
