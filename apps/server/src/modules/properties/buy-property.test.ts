import { errors } from "@mx/shared/messages";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildings, properties } from "../../db/schema/buildings";
import { purchases } from "../../db/schema/purchases";
import { sandboxPaymentIntents, sandboxRefunds } from "../../db/schema/sandbox";
import { giveBuilding, importSampleCity } from "../../test/buildings";
import { addCard, TEST_CARDS } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { checkLedger } from "../ledger/check-ledger";
import { accounts, balanceOf } from "../ledger/ledger";
import { reconcilePurchases, STALE_PURCHASE_MS } from "./reconcile-purchases";

let failNext = false;
let t: TestApp;
let base: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      faults: {
        beforeOwnership: () => {
          if (failNext) {
            failNext = false;
            throw new Error("injected failure after the charge");
          }
        },
      },
    },
  );
  await importSampleCity(t.app.deps.db);
  const rows = await t.app.deps.db
    .select({ id: buildings.id, base: buildings.basePriceCents })
    .from(buildings);
  base = Object.fromEntries(rows.map((r) => [r.id, r.base]));
});
afterAll(() => t.close());

const buy = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.call("POST", "/api/v1/properties/buy", { token, body: { isApplePay: false, ...body }, headers });
const charges = async () => {
  const [row] = await t.app.deps.db.select({ n: count() }).from(sandboxPaymentIntents);
  return row?.n ?? 0;
};
const details = async (token: string, buildingId: string) =>
  (await t.call("GET", `/api/v1/properties/checkPropertyDetails?text=${buildingId}`, { token })).json().data
    .propertyDetails[0];

/** Puts a building back on the market between tests. */
async function release(buildingId: string) {
  await t.app.deps.db
    .update(properties)
    .set({ ownerId: null, forSale: false })
    .where(eq(properties.buildingId, buildingId));
}

describe("POST /api/v1/properties/buy", () => {
  it("charges price + $6.00 + $2.99, moves ownership, records the price and posts a balanced journal", async () => {
    const buyer = await signUp(t);
    const card = await addCard(t, buyer.token);
    const offer = base["way/3"] / 100 + 10;
    const res = await buy(buyer.token, {
      buildingId: "way/3",
      paymentMethodId: card,
      bidAmount: offer,
      location: { lat: 40.745, lng: -73.98 },
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.message).toBe(`You now own ${data.property.name}.`);
    expect(data.total).toBeCloseTo(offer + 8.99, 2);
    expect(data.property).toMatchObject({
      ownerId: buyer.userId,
      price: offer,
      status: "owned",
      isFirstTime: false,
    });
    const history = await t.call("GET", "/api/v1/properties/price-history?buildingId=way/3", {
      token: buyer.token,
    });
    expect(history.json().data.priceHistory.at(-1).bidAmount).toBe(offer);
    const profile = await t.call("GET", "/api/v1/users/profile", { token: buyer.token });
    expect(profile.json().data.totalPropertyPrice).toBe(offer);
    expect(await balanceOf(t.app.deps.db, accounts.salesTaxPayable)).toBeGreaterThanOrEqual(299);
    expect(await checkLedger(t.app.deps.db)).toEqual([]);
    await release("way/3");
  });

  it("lets exactly one of 50 players buy the same building at once, and charges only that one", async () => {
    const players = await Promise.all(Array.from({ length: 50 }, () => signUp(t)));
    for (const p of players) await addCard(t, p.token);
    const before = await charges();
    const offer = base["way/2"] / 100;
    const results = await Promise.all(
      players.map((p) => buy(p.token, { buildingId: "way/2", bidAmount: offer })),
    );
    const winners = results.filter((r) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect([
        "Someone else is buying this building right now.",
        "This building already has an owner.",
      ]).toContain(r.json().message);
    }
    expect((await charges()) - before).toBe(1);
    const owner = winners[0]?.json().data.property.ownerId;
    expect((await details(players[0]?.token ?? "", "way/2")).ownerId).toBe(owner);
    expect(await checkLedger(t.app.deps.db)).toEqual([]);
    await release("way/2");
  });

  it("charges once for the same request sent twice with one Idempotency-Key", async () => {
    const buyer = await signUp(t);
    await addCard(t, buyer.token);
    const before = await charges();
    const body = { buildingId: "way/2", bidAmount: base["way/2"] / 100 };
    const first = await buy(buyer.token, body, { "idempotency-key": "buy-once" });
    const second = await buy(buyer.token, body, { "idempotency-key": "buy-once" });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect((await charges()) - before).toBe(1);
    await release("way/2");
  });

  it("refunds the buyer when ownership cannot be written after the charge", async () => {
    const buyer = await signUp(t);
    await addCard(t, buyer.token);
    failNext = true;
    const res = await buy(buyer.token, { buildingId: "way/1", bidAmount: base["way/1"] / 100 });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe("The purchase could not be completed; your card has been refunded.");
    expect((await details(buyer.token, "way/1")).ownerId).toBeNull();
    const [purchase] = await t.app.deps.db.select().from(purchases).where(eq(purchases.userId, buyer.userId));
    expect(purchase?.status).toBe("refunded");
    const intent = await t.app.deps.gateway.retrievePaymentIntent(purchase?.paymentIntentId ?? "");
    expect(intent.status).toBe("succeeded");
    const [row] = await t.app.deps.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, purchase?.paymentIntentId ?? ""));
    expect(row?.refundedCents).toBe(row?.capturedCents);
    expect(await checkLedger(t.app.deps.db)).toEqual([]);
    // Nothing is left reserved: the building can be bought.
    expect((await buy(buyer.token, { buildingId: "way/1", bidAmount: base["way/1"] / 100 })).statusCode).toBe(
      200,
    );
    await release("way/1");
  });

  it("refuses a card without funds in the processor's words, and keeps the building free", async () => {
    const buyer = await signUp(t);
    await addCard(t, buyer.token, TEST_CARDS.insufficientFunds);
    const res = await buy(buyer.token, { buildingId: "way/3", bidAmount: base["way/3"] / 100 });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe("Your card has insufficient funds.");
    expect((await details(buyer.token, "way/3")).ownerId).toBeNull();
    await addCard(t, buyer.token);
    expect((await buy(buyer.token, { buildingId: "way/3", bidAmount: base["way/3"] / 100 })).statusCode).toBe(
      200,
    );
    await release("way/3");
  });

  it("refuses bad offers, unknown buildings, other players' cards and owned buildings, charging nothing", async () => {
    const buyer = await signUp(t);
    const other = await signUp(t);
    const before = await charges();
    expect((await buy(buyer.token, { buildingId: "way/3", bidAmount: 10_000 })).json().message).toBe(
      errors.addCardFirst,
    );
    await addCard(t, buyer.token);
    const otherCard = await addCard(t, other.token);
    const low = await buy(buyer.token, { buildingId: "way/3", bidAmount: base["way/3"] / 100 - 1 });
    expect(low.statusCode).toBe(400);
    expect(low.json().message).toContain("bidAmount: must be at least the base price of $");
    expect((await buy(buyer.token, { buildingId: "way/3", bidAmount: 100.001 })).json().message).toBe(
      "bidAmount: must be a whole number of cents",
    );
    expect((await buy(buyer.token, { buildingId: "way/3", bidAmount: -5 })).statusCode).toBe(400);
    expect((await buy(buyer.token, { bidAmount: 100 })).json().message).toContain(
      "buildingId or propertyId is required",
    );
    expect((await buy(buyer.token, { buildingId: "way/404", bidAmount: 100 })).statusCode).toBe(404);
    expect(
      (await buy(buyer.token, { buildingId: "way/3", bidAmount: 1000, paymentMethodId: otherCard }))
        .statusCode,
    ).toBe(404);
    await giveBuilding(t.app.deps.db, "way/1", other.userId, 100_000);
    const owned = await buy(buyer.token, { buildingId: "way/1", bidAmount: 10_000 });
    expect(owned.statusCode).toBe(409);
    expect(owned.json().message).toBe("This building already has an owner.");
    expect(await charges()).toBe(before);
    expect(
      (await t.call("POST", "/api/v1/properties/buy", { body: { buildingId: "way/3", bidAmount: 10 } }))
        .statusCode,
    ).toBe(401);
  });
});

describe("reconcilePurchases", () => {
  it("refunds a purchase interrupted after the charge, and frees the building", async () => {
    const buyer = await signUp(t);
    await addCard(t, buyer.token);
    failNext = false;
    // Interrupt: the fault throws, but pretend the process died instead of refunding by putting the row back.
    let intentId = "";
    t.app.deps.faults = {
      beforeOwnership: () => {
        throw new Error("process stopped");
      },
    };
    const res = await buy(buyer.token, { buildingId: "way/3", bidAmount: base["way/3"] / 100 });
    expect(res.statusCode).toBe(503);
    const [purchase] = await t.app.deps.db.select().from(purchases).where(eq(purchases.userId, buyer.userId));
    intentId = purchase?.paymentIntentId ?? "";
    // Back to how a crash would have left it: pending, charged, not refunded.
    await t.app.deps.db
      .update(purchases)
      .set({ status: "pending", createdAt: new Date(Date.now() - STALE_PURCHASE_MS - 1000) })
      .where(eq(purchases.id, purchase?.id ?? ""));
    await t.app.deps.db
      .update(sandboxPaymentIntents)
      .set({ refundedCents: 0 })
      .where(eq(sandboxPaymentIntents.id, intentId));
    await t.app.deps.db.delete(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, intentId));
    t.app.deps.faults = undefined;
    expect(await reconcilePurchases(t.app.deps)).toBe(1);
    const [row] = await t.app.deps.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, intentId));
    expect(row?.refundedCents).toBe(row?.capturedCents);
    expect(await reconcilePurchases(t.app.deps)).toBe(0);
    expect((await buy(buyer.token, { buildingId: "way/3", bidAmount: base["way/3"] / 100 })).statusCode).toBe(
      200,
    );
  });
});
