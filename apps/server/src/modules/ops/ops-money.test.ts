import { sandboxPaymentIntents } from "@mx/sandbox/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildings, properties } from "../../db/schema/buildings";
import { auditLog } from "../../db/schema/ops";
import { purchases } from "../../db/schema/purchases";
import { importSampleCity } from "../../test/buildings";
import { addCard } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { moneyProblems } from "../../test/money";
import { signUpOperator } from "../../test/operators";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importSampleCity(t.app.deps.db);
});
afterAll(() => t.close());

const db = () => t.app.deps.db;

async function buyAtBase(buildingId: string) {
  const buyer = await signUp(t);
  const card = await addCard(t, buyer.token);
  const [building] = await db().select().from(buildings).where(eq(buildings.id, buildingId));
  const res = await t.call("POST", "/api/v1/properties/buy", {
    token: buyer.token,
    body: {
      buildingId,
      paymentMethodId: card,
      bidAmount: (building?.basePriceCents ?? 0) / 100,
      isApplePay: false,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [purchase] = await db().select().from(purchases).where(eq(purchases.userId, buyer.userId));
  if (!purchase) throw new Error("no purchase");
  return { buyer, card, purchase, base: building?.basePriceCents ?? 0 };
}

describe("money in the console", () => {
  it("refunds a purchase through the money operation: the ledger balances and the building is buyable again", async () => {
    const finance = await signUpOperator(t, "finance");
    const support = await signUpOperator(t, "support");
    const { buyer, purchase, base } = await buyAtBase("way/3");
    await t.call("PUT", "/api/v1/buildings", {
      token: buyer.token,
      body: { buildingId: "way/3", name: "Mine" },
    });
    const refund = (token: string, body: unknown) =>
      t.call("POST", `/api/v1/ops/purchases/${purchase.id}/refund`, { token, body });

    // Support moves no money.
    expect((await refund(support.token, { reason: "chargeback risk" })).statusCode).toBe(403);
    expect((await t.call("GET", "/api/v1/ops/money", { token: support.token })).statusCode).toBe(403);
    expect((await refund(finance.token, {})).statusCode).toBe(400);

    const done = await refund(finance.token, { reason: "bought by mistake" });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status: "refunded", refundedCents: purchase.totalCents });
    const [after] = await db().select().from(purchases).where(eq(purchases.id, purchase.id));
    expect(after?.status).toBe("refunded");
    const [intent] = await db()
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, purchase.paymentIntentId ?? ""));
    expect(intent?.refundedCents).toBe(purchase.totalCents);
    const [property] = await db().select().from(properties).where(eq(properties.buildingId, "way/3"));
    expect(property).toMatchObject({ ownerId: null, customName: null, priceCents: base, forSale: false });
    expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);
    const health = await t.call("GET", "/api/v1/ops/money", { token: finance.token });
    expect(health.json().data.problems).toEqual([]);

    const [row] = await db().select().from(auditLog).where(eq(auditLog.targetId, purchase.id));
    expect(row).toMatchObject({
      action: "purchase.refund",
      actorId: finance.userId,
      actorRole: "finance",
      before: expect.objectContaining({ status: "completed", ownerId: buyer.userId }),
      after: expect.objectContaining({ status: "refunding", ownerId: null }),
    });

    // Refunded once: again is refused.
    expect((await refund(finance.token, { reason: "again" })).statusCode).toBe(409);
    // Buyable again, by anyone.
    const next = await buyAtBase("way/3");
    expect(next.purchase.status).toBe("completed");
    expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);
  });

  it("refuses to take back a building its buyer no longer owns, and an unknown purchase", async () => {
    const admin = await signUpOperator(t, "admin");
    const { purchase } = await buyAtBase("way/1");
    const other = await signUp(t);
    await db().update(properties).set({ ownerId: other.userId }).where(eq(properties.buildingId, "way/1"));
    const res = await t.call("POST", `/api/v1/ops/purchases/${purchase.id}/refund`, {
      token: admin.token,
      body: { reason: "test" },
    });
    expect(res.statusCode).toBe(409);
    const [still] = await db().select().from(purchases).where(eq(purchases.id, purchase.id));
    expect(still?.status).toBe("completed");
    const missing = await t.call(
      "POST",
      "/api/v1/ops/purchases/00000000-0000-4000-8000-000000000000/refund",
      {
        token: admin.token,
        body: { reason: "test" },
      },
    );
    expect(missing.statusCode).toBe(404);
  });
});
