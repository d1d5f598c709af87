import { sandboxPaymentIntents, sandboxRefunds } from "@mx/sandbox/schema";
import { errors } from "@mx/shared/messages";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { testConfig } from "../../config";
import { openDatabase } from "../../db/client";
import { buildings, properties } from "../../db/schema/buildings";
import { purchases } from "../../db/schema/purchases";
import { recoverPurchases } from "../../jobs/recover-purchases";
import { collection, giveBuilding, importSampleCity, osmFeature } from "../../test/buildings";
import { addCard, TEST_CARDS } from "../../test/cards";
import { createTestDatabase } from "../../test/database";
import { createTestApp, signUp, type TestApp, testAppOf } from "../../test/harness";
import { runJobOnce } from "../../test/jobs";
import { importBuildings } from "../buildings/import-buildings";
import { parseFootprints } from "../buildings/parse-footprints";
import { presentProperty, selectProperties } from "../buildings/present-property";
import { checkLedger } from "../ledger/check-ledger";
import { accounts, balanceOf } from "../ledger/ledger";

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
const succeededCharges = async () => {
  const [row] = await t.app.deps.db
    .select({ n: count() })
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.status, "succeeded"));
  return row?.n ?? 0;
};

/** Made-up buildings `way/{from}` … `way/{from + n - 1}`, with their base prices. */
async function moreBuildings(from: number, n: number): Promise<{ id: string; base: number }[]> {
  const ids = Array.from({ length: n }, (_, k) => `way/${from + k}`);
  const { records, format } = parseFootprints(
    collection(ids.map((id, k) => osmFeature(id, -73.97 + k * 0.001, 40.76, { levels: 3 + k }))),
  );
  await importBuildings(t.app.deps.db, records, format);
  const rows = await t.app.deps.db
    .select({ id: buildings.id, base: buildings.basePriceCents })
    .from(buildings);
  return ids.map((id) => ({ id, base: rows.find((r) => r.id === id)?.base ?? 0 }));
}
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
    // The reply's building, made by the statement that owned it, is the building as a read of it now shows it.
    const [now] = await selectProperties(t.app.deps.db).where(eq(properties.buildingId, "way/3"));
    expect(now && data.property).toEqual(now && presentProperty(now));
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

  it("charges only one of 40 buyers whose requests reach the server in waves, racing across batches", async () => {
    const [building] = await moreBuildings(300, 1);
    const players = await Promise.all(Array.from({ length: 40 }, () => signUp(t)));
    for (const p of players) await addCard(t, p.token);
    const before = await succeededCharges();
    const sent: ReturnType<typeof buy>[] = [];
    for (const [k, p] of players.entries()) {
      sent.push(buy(p.token, { buildingId: building?.id, bidAmount: (building?.base ?? 0) / 100 }));
      if (k % 8 === 7) await new Promise((resolve) => setImmediate(resolve));
    }
    const results = await Promise.all(sent);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(39);
    expect((await succeededCharges()) - before).toBe(1);
    expect(await checkLedger(t.app.deps.db)).toEqual([]);
  });

  it("settles purchases sent at the same moment each on its own: successes, a race, a refused card, bad offers", async () => {
    const city = await moreBuildings(100, 8);
    const buyers = await Promise.all(Array.from({ length: 8 }, () => signUp(t)));
    for (const b of buyers) await addCard(t, b.token);
    const poor = await signUp(t);
    await addCard(t, poor.token, TEST_CARDS.insufficientFunds);
    const before = await succeededCharges();
    const at = (k: number) => city[k] as { id: string; base: number };
    const [bought, race, refused, low, unknown] = await Promise.all([
      Promise.all(
        buyers.slice(0, 6).map((b, k) => buy(b.token, { buildingId: at(k).id, bidAmount: at(k).base / 100 })),
      ),
      Promise.all(
        buyers.slice(6, 8).map((b) => buy(b.token, { buildingId: at(6).id, bidAmount: at(6).base / 100 })),
      ),
      buy(poor.token, { buildingId: at(7).id, bidAmount: at(7).base / 100 }),
      buy(buyers[0]?.token ?? "", { buildingId: at(7).id, bidAmount: at(7).base / 100 - 1 }),
      buy(buyers[1]?.token ?? "", { buildingId: "way/999", bidAmount: 100 }),
    ]);
    expect(bought.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    bought.forEach((r, k) => {
      expect(r.json().data.property).toMatchObject({ buildingId: at(k).id, ownerId: buyers[k]?.userId });
    });
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe("Your card has insufficient funds.");
    expect(low.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(404);
    expect((await succeededCharges()) - before).toBe(7);
    expect((await details(poor.token, at(7).id)).ownerId).toBeNull();
    expect(await checkLedger(t.app.deps.db)).toEqual([]);
  });

  it("never lets an offer below the price hold a building against a buyer in the same batch", async () => {
    const city = await moreBuildings(400, 3);
    const buyers = await Promise.all(Array.from({ length: 6 }, () => signUp(t)));
    for (const b of buyers) await addCard(t, b.token);
    const results = await Promise.all(
      city.flatMap((building, k) => [
        buy(buyers[2 * k]?.token ?? "", { buildingId: building.id, bidAmount: building.base / 100 - 1 }),
        buy(buyers[2 * k + 1]?.token ?? "", { buildingId: building.id, bidAmount: building.base / 100 }),
      ]),
    );
    expect(results.map((r) => r.statusCode)).toEqual([400, 200, 400, 200, 400, 200]);
    expect(await checkLedger(t.app.deps.db)).toEqual([]);
  });

  it("refunds only the purchase whose ownership could not be written, among several at once", async () => {
    const city = await moreBuildings(200, 4);
    const buyers = await Promise.all(Array.from({ length: 4 }, () => signUp(t)));
    for (const b of buyers) await addCard(t, b.token);
    let calls = 0;
    const faults = t.app.deps.faults;
    t.app.deps.faults = {
      beforeOwnership: () => {
        calls += 1;
        if (calls === 2) throw new Error("injected failure after the charge");
      },
    };
    try {
      const results = await Promise.all(
        buyers.map((b, k) =>
          buy(b.token, { buildingId: city[k]?.id, bidAmount: (city[k]?.base ?? 0) / 100 }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 503]);
      const failedAt = results.findIndex((r) => r.statusCode === 503);
      const [purchase] = await t.app.deps.db
        .select()
        .from(purchases)
        .where(eq(purchases.userId, buyers[failedAt]?.userId ?? ""));
      expect(purchase?.status).toBe("refunded");
      const [intent] = await t.app.deps.db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.id, purchase?.paymentIntentId ?? ""));
      expect(intent?.refundedCents).toBe(intent?.capturedCents);
      expect((await details(buyers[0]?.token ?? "", city[failedAt]?.id ?? "")).ownerId).toBeNull();
      expect(await checkLedger(t.app.deps.db)).toEqual([]);
    } finally {
      t.app.deps.faults = faults;
    }
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

  it("runs a request sent five times at once with one Idempotency-Key once, charging once", async () => {
    const buyer = await signUp(t);
    await addCard(t, buyer.token);
    const before = await charges();
    const body = { buildingId: "way/2", bidAmount: base["way/2"] / 100 };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => buy(buyer.token, body, { "idempotency-key": "buy-together" })),
    );
    const ran = results.filter((r) => r.statusCode === 200 && r.headers["idempotent-replayed"] !== "true");
    expect(ran).toHaveLength(1);
    for (const r of results.filter((x) => x !== ran[0])) {
      if (r.statusCode === 200) expect(r.json()).toEqual(ran[0]?.json());
      else expect(r.json().message).toBe("A request with this Idempotency-Key is still running.");
    }
    expect((await charges()) - before).toBe(1);
    const replay = await buy(buyer.token, body, { "idempotency-key": "buy-together" });
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json()).toEqual(ran[0]?.json());
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
    // Above what one card payment can be (with fee and tax on top), for any price a player can type.
    for (const bidAmount of [999_991.01, 50_000_000, 1e12]) {
      const big = await buy(buyer.token, { buildingId: "way/3", bidAmount });
      expect(big.statusCode).toBe(400);
      expect(big.json().message).toBe("bidAmount: must be at most 999991");
    }
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

describe("two server instances on one database", () => {
  it("charge only one of 30 buyers of one building, whichever instance each reaches", async () => {
    const { database, url, drop } = await createTestDatabase();
    // On PostgreSQL each instance has its own connections, as behind a load balancer.
    const second = url ? await openDatabase({ kind: "postgres", url }) : database;
    const config = testConfig(); // one session secret, so a token works on either instance
    const instances = [database, second].map((db) =>
      buildApp({ config, database: db }).then(async (app) => {
        await app.ready();
        return testAppOf(app, () => app.close());
      }),
    );
    const [a, b] = (await Promise.all(instances)) as [TestApp, TestApp];
    try {
      await importSampleCity(a.app.deps.db);
      const players = await Promise.all(Array.from({ length: 30 }, () => signUp(a)));
      for (const p of players) await addCard(a, p.token);
      const [building] = await a.app.deps.db
        .select({ base: buildings.basePriceCents })
        .from(buildings)
        .where(eq(buildings.id, "way/2"));
      const results = await Promise.all(
        players.map((p, k) =>
          (k % 2 === 0 ? a : b).call("POST", "/api/v1/properties/buy", {
            token: p.token,
            body: { buildingId: "way/2", bidAmount: (building?.base ?? 0) / 100 },
          }),
        ),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(29);
      const [charged] = await a.app.deps.db
        .select({ n: count() })
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.status, "succeeded"));
      expect(charged?.n).toBe(1);
      expect(await checkLedger(a.app.deps.db)).toEqual([]);
    } finally {
      await a.close();
      await b.close();
      if (second !== database) await second.close();
      await drop();
    }
  });
});

describe("the recover-purchases job", () => {
  const longAgo = () => new Date(Date.now() - t.app.deps.config.moneyRecoveryAfterMs - 1000);

  it("completes a purchase interrupted after the charge: the buyer owns what was paid for", async () => {
    const buyer = await signUp(t);
    await addCard(t, buyer.token);
    const faults = t.app.deps.faults;
    t.app.deps.faults = {
      beforeOwnership: () => {
        throw new Error("process stopped");
      },
    };
    const res = await buy(buyer.token, { buildingId: "way/3", bidAmount: base["way/3"] / 100 });
    expect(res.statusCode).toBe(503);
    const [purchase] = await t.app.deps.db.select().from(purchases).where(eq(purchases.userId, buyer.userId));
    const intentId = purchase?.paymentIntentId ?? "";
    // Back to how a crash would have left it: pending, charged, not refunded, and the intent's id never noted.
    await t.app.deps.db
      .update(purchases)
      .set({ status: "pending", paymentIntentId: null, failure: null, updatedAt: longAgo() })
      .where(eq(purchases.id, purchase?.id ?? ""));
    await t.app.deps.db
      .update(sandboxPaymentIntents)
      .set({ refundedCents: 0 })
      .where(eq(sandboxPaymentIntents.id, intentId));
    await t.app.deps.db.delete(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, intentId));
    t.app.deps.faults = faults;
    expect((await runJobOnce(t.app.deps, recoverPurchases)).done).toBe(1);
    const [row] = await t.app.deps.db
      .select()
      .from(purchases)
      .where(eq(purchases.id, purchase?.id ?? ""));
    expect(row).toMatchObject({ status: "completed", paymentIntentId: intentId });
    expect((await details(buyer.token, "way/3"))?.ownerId).toBe(buyer.userId);
    expect(await checkLedger(t.app.deps.db)).toEqual([]);
    expect((await runJobOnce(t.app.deps, recoverPurchases)).done).toBe(0);
    await release("way/3");
  });

  it("finishes a refund that a stopped process had begun, once", async () => {
    const buyer = await signUp(t);
    await addCard(t, buyer.token);
    failNext = true;
    const res = await buy(buyer.token, { buildingId: "way/3", bidAmount: base["way/3"] / 100 });
    expect(res.statusCode).toBe(503);
    const [purchase] = await t.app.deps.db.select().from(purchases).where(eq(purchases.userId, buyer.userId));
    expect(purchase?.status).toBe("refunded");
    // As if the process had stopped right after asking for the refund.
    await t.app.deps.db
      .update(purchases)
      .set({ status: "refunding", updatedAt: longAgo() })
      .where(eq(purchases.id, purchase?.id ?? ""));
    expect((await runJobOnce(t.app.deps, recoverPurchases)).done).toBe(1);
    const [intent] = await t.app.deps.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, purchase?.paymentIntentId ?? ""));
    expect(intent?.refundedCents).toBe(intent?.capturedCents);
    const refunds = await t.app.deps.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentIntentId, purchase?.paymentIntentId ?? ""));
    expect(refunds).toHaveLength(1);
  });

  it("frees a building held by a purchase that was never charged, so others can buy it", async () => {
    const [stuckBuyer, other] = [await signUp(t), await signUp(t)];
    await addCard(t, other.token);
    const [purchase] = await t.app.deps.db
      .insert(purchases)
      .values({
        id: crypto.randomUUID(),
        userId: stuckBuyer.userId,
        buildingId: "way/3",
        priceCents: base["way/3"] ?? 0,
        totalCents: (base["way/3"] ?? 0) + 899,
        status: "pending",
        updatedAt: longAgo(),
      })
      .returning();
    const blocked = await buy(other.token, { buildingId: "way/3", bidAmount: base["way/3"] / 100 });
    expect(blocked.json().message).toBe("Someone else is buying this building right now.");
    expect((await runJobOnce(t.app.deps, recoverPurchases)).done).toBe(1);
    const [row] = await t.app.deps.db
      .select()
      .from(purchases)
      .where(eq(purchases.id, purchase?.id ?? ""));
    expect(row?.status).toBe("failed");
    expect((await buy(other.token, { buildingId: "way/3", bidAmount: base["way/3"] / 100 })).statusCode).toBe(
      200,
    );
    await release("way/3");
  });

  it("keeps recovering the others when one cannot be recovered", async () => {
    const [a, b] = [await signUp(t), await signUp(t)];
    const bad = crypto.randomUUID();
    const good = crypto.randomUUID();
    await t.app.deps.db.insert(purchases).values([
      // Its intent id names nothing at the processor: recovery fails on it, every time.
      {
        id: bad,
        userId: a.userId,
        buildingId: "way/1",
        priceCents: 500,
        totalCents: 1399,
        status: "pending",
        paymentIntentId: "pi_missing",
        updatedAt: new Date(Date.now() - 3_600_000),
      },
      {
        id: good,
        userId: b.userId,
        buildingId: "way/2",
        priceCents: 500,
        totalCents: 1399,
        status: "pending",
        updatedAt: longAgo(),
      },
    ]);
    expect((await runJobOnce(t.app.deps, recoverPurchases)).done).toBe(1);
    const rows = await t.app.deps.db.select().from(purchases);
    expect(rows.find((r) => r.id === good)?.status).toBe("failed");
    expect(rows.find((r) => r.id === bad)?.status).toBe("pending");
    await t.app.deps.db.update(purchases).set({ status: "failed" }).where(eq(purchases.id, bad));
  });
});
