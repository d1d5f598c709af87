import { sandboxPaymentIntents } from "@mx/sandbox/schema";
import { errors } from "@mx/shared/messages";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildings, priceHistory, properties } from "../../db/schema/buildings";
import { developments } from "../../db/schema/developments";
import { activities } from "../../db/schema/live";
import { recoverDevelopments } from "../../jobs/recover-developments";
import { batchCountsOf } from "../../lib/batch-counts";
import { collection, giveBuilding, importSampleCity, osmFeature } from "../../test/buildings";
import { addCard, TEST_CARDS } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { runJobOnce } from "../../test/jobs";
import { isType, openLive } from "../../test/live";
import { moneyProblems } from "../../test/money";
import { giveCredits } from "../../test/offerwall";
import { connectedPlayer } from "../../test/payouts";
import { importBuildings } from "../buildings/import-buildings";
import { parseFootprints } from "../buildings/parse-footprints";
import { accounts, balanceOf } from "../ledger/ledger";
import { orderIdOf } from "../payments/paypal-gateway";
import { finishPayment } from "../webhooks/finish-payment";
import { announceCompletions } from "./construction";
import { developProperty } from "./develop";

let t: TestApp;
let next = 500;

beforeAll(async () => {
  t = await createTestApp();
  await importSampleCity(t.app.deps.db);
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
const agree = async () => expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);

/** A new building owned by `userId` at `priceCents`. */
async function building(userId: string, priceCents = 100_000, options: { forSale?: boolean } = {}) {
  const id = `way/${next++}`;
  const { records, format } = parseFootprints(collection([osmFeature(id, -73.97 + next * 0.0001, 40.76)]));
  await importBuildings(db(), records, format);
  await giveBuilding(db(), id, userId, priceCents, options);
  return id;
}

const develop = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.call("POST", "/api/v1/properties/develop", { token, body, headers });
const options = async (token: string, propertyId: string) =>
  t.call("GET", `/api/v1/properties/developments?propertyId=${encodeURIComponent(propertyId)}`, { token });
const details = async (token: string, id: string) =>
  (
    await t.call("GET", `/api/v1/properties/checkPropertyDetails?text=${encodeURIComponent(id)}`, { token })
  ).json().data.propertyDetails[0];
/** Moves the clock past the end of the building's construction. */
async function finishConstruction(buildingId: string) {
  const past = sql`now() - interval '1 second'`;
  await db()
    .update(developments)
    .set({ completesAt: past })
    .where(and(eq(developments.buildingId, buildingId), eq(developments.state, "constructing")));
  await db().update(properties).set({ constructingUntil: past }).where(eq(properties.buildingId, buildingId));
  // Time has passed for the caches too: their entries last no longer than the construction they show.
  t.app.hot.clear();
}
async function owner(card: string | null = TEST_CARDS.visa) {
  const player = await signUp(t);
  if (card) await addCard(t, player.token, card);
  return player;
}
const succeeded = async () =>
  (
    await db()
      .select({ n: count() })
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.status, "succeeded"))
  )[0]?.n ?? 0;

describe("developing a building", () => {
  it("offers the four developments in order, priced from the building's price", async () => {
    const p = await owner();
    const id = await building(p.userId, 100_000);
    const res = await options(p.token, id);
    expect(res.statusCode).toBe(200);
    const { development, options: list } = res.json().data;
    expect(development).toEqual({ level: 0, constructing: false, kind: null, completesAt: null });
    expect(list.map((o: { kind: string }) => o.kind)).toEqual(["facade", "garden", "crown", "floors"]);
    expect(list[0]).toMatchObject({
      level: 1,
      name: "Facade renovation",
      price: 100,
      fee: 6,
      tax: 2.99,
      total: 108.99,
      durationSeconds: 3600,
      available: true,
      reason: null,
    });
    expect(list[1]).toMatchObject({ price: 150, durationSeconds: 6 * 3600, available: false });
    expect(list[1].reason).toContain("Not the next level");
    expect(list[3]).toMatchObject({ price: 250, durationSeconds: 24 * 3600 });
    // Another player sees why they cannot.
    const other = await owner(null);
    const theirs = (await options(other.token, id)).json().data.options[0];
    expect(theirs).toMatchObject({ available: false, reason: "Only the owner can develop this building." });
  });

  it("charges cost + fee + tax, starts construction, and raises the price by the cost when it ends", async () => {
    const p = await owner();
    const id = await building(p.userId, 100_000);
    const res = await develop(p.token, { propertyId: id, kind: "facade" });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(res.json().message).toMatch(/^Facade renovation of .+ has begun: it takes 1 hour\.$/);
    expect(data).toMatchObject({ buildingId: id, total: 108.99 });
    expect(data.development).toMatchObject({ level: 0, constructing: true, kind: "facade" });
    expect(data.development.completesAt).toBeGreaterThan(Date.now() / 1000 + 3590);
    expect(await balanceOf(db(), accounts.developmentRevenue)).toBeGreaterThanOrEqual(10_000);

    // The property shows the construction; its price has not moved yet.
    const during = await details(p.token, id);
    expect(during.development).toMatchObject({ constructing: true, kind: "facade", level: 0 });
    expect(during.price).toBe(1000);

    // An ask waits for the end of construction.
    const seller = await connectedPlayer(t);
    const sellersId = await building(seller.userId, 50_000);
    await addCard(t, seller.token);
    expect((await develop(seller.token, { propertyId: sellersId, kind: "facade" })).statusCode).toBe(200);
    const ask = await t.call("POST", "/api/v1/properties/place-ask", {
      token: seller.token,
      body: { propertyId: sellersId, bidAmount: 900 },
    });
    expect(ask.statusCode).toBe(409);
    expect(ask.json().message).toBe("Finish construction first.");

    // A second development while the first is built.
    const again = await develop(p.token, { propertyId: id, kind: "garden" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain("under construction");

    // The end: the price a player sees is the risen one at once, before any job has run.
    await finishConstruction(id);
    const after = await details(p.token, id);
    expect(after.development).toEqual({ level: 1, constructing: false, kind: null, completesAt: null });
    expect(after.price).toBe(1100);
    const history = await db()
      .select({ price: priceHistory.priceCents })
      .from(priceHistory)
      .where(eq(priceHistory.buildingId, id));
    expect(history.map((h) => h.price)).toEqual([100_000, 110_000]);
    const feed = await db().select().from(activities).where(eq(activities.userId, p.userId));
    expect(feed.map((a) => a.type)).toEqual(["development.completed"]);
    // The job finds nothing more to announce for it, and a second settlement changes nothing.
    await announceCompletions(t.app.deps);
    expect((await details(p.token, id)).price).toBe(1100);
    expect(await db().select().from(activities).where(eq(activities.userId, p.userId))).toHaveLength(1);

    // The leaderboard's totals follow.
    const board = await t.call("GET", `/api/v1/properties/leading-board?name=${p.userName}`, {
      token: p.token,
    });
    expect(board.json().data.rankedResponse[0].totalPropertyPrice).toBe(1100);

    // The next level is priced from the risen price; then the ask is allowed once the seller's construction ends.
    const garden = (await options(p.token, id)).json().data.options[1];
    expect(garden).toMatchObject({ available: true, price: 165 });
    await finishConstruction(sellersId);
    const later = await t.call("POST", "/api/v1/properties/place-ask", {
      token: seller.token,
      body: { propertyId: sellersId, bidAmount: 900 },
    });
    expect(later.statusCode).toBe(200);
    await agree();
  });

  it("builds the levels in order, one at a time, up to four", async () => {
    const p = await owner();
    const id = await building(p.userId, 10_000);
    const skip = await develop(p.token, { propertyId: id, kind: "crown" });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toContain("Not the next level");
    for (const kind of ["facade", "garden", "crown", "floors"]) {
      const res = await develop(p.token, { propertyId: id, kind });
      expect(res.statusCode, res.body).toBe(200);
      await finishConstruction(id);
    }
    const done = await details(p.token, id);
    expect(done.development.level).toBe(4);
    // 100 → +10 (facade, at least $5) → +16.5 → +25.3 → +37.95 = 189.75
    expect(done.price).toBe(189.75);
    const again = await develop(p.token, { propertyId: id, kind: "facade" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This building is fully developed.");
    await agree();
  });

  it("refuses bad input, other players, buildings for sale and players without a card", async () => {
    const p = await owner();
    const id = await building(p.userId);
    expect((await develop(p.token, { propertyId: id, kind: "pool" })).statusCode).toBe(400);
    expect((await develop(p.token, { propertyId: id })).statusCode).toBe(400);
    expect((await develop(p.token, { propertyId: id, kind: "facade", credits: -1 })).statusCode).toBe(400);
    expect((await develop(p.token, { propertyId: "way/999999", kind: "facade" })).statusCode).toBe(404);
    expect((await options(p.token, "way/999999")).statusCode).toBe(404);
    const other = await owner();
    const theirs = await develop(other.token, { propertyId: id, kind: "facade" });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBe("Only the owner can develop this building.");
    const listed = await building(p.userId, 100_000, { forSale: true });
    const forSale = await develop(p.token, { propertyId: listed, kind: "facade" });
    expect(forSale.statusCode).toBe(409);
    expect(forSale.json().message).toContain("for sale");
    const cardless = await owner(null);
    const own = await building(cardless.userId);
    const noCard = await develop(cardless.token, { propertyId: own, kind: "facade" });
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().message).toBe(errors.addCardFirst);
    expect(
      (await develop(p.token, { propertyId: id, kind: "facade", paymentMethodId: "pm_nope" })).statusCode,
    ).toBe(404);
  });

  it("builds nothing on a declined card, and says what the card said", async () => {
    const p = await owner("4000 0000 0000 0341");
    const id = await building(p.userId);
    const res = await develop(p.token, { propertyId: id, kind: "facade" });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toBe("Your card was declined.");
    expect((await details(p.token, id)).development).toMatchObject({ level: 0, constructing: false });
    const [row] = await db().select().from(developments).where(eq(developments.buildingId, id));
    expect(row?.state).toBe("failed");
    await agree();
  });

  it("pays with credits, wholly or in part", async () => {
    const p = await owner();
    await giveCredits(t, p.userId, 20_000);
    const all = await building(p.userId, 10_000);
    const before = await succeeded();
    const res = await develop(p.token, { propertyId: all, kind: "facade", credits: 18.99 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ total: 18.99, credits: 18.99, paymentIntentId: "" });
    expect(await succeeded()).toBe(before);
    const part = await building(p.userId, 100_000);
    const mixed = await develop(p.token, { propertyId: part, kind: "facade", credits: 30 });
    expect(mixed.statusCode, mixed.body).toBe(200);
    expect(mixed.json().data).toMatchObject({ total: 108.99, credits: 30 });
    const [intent] = await db()
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, mixed.json().data.paymentIntentId));
    expect(intent?.amountCents).toBe(7899);
    const tooMuch = await develop(p.token, {
      propertyId: await building(p.userId),
      kind: "facade",
      credits: 500,
    });
    expect(tooMuch.statusCode).toBe(400);
    await agree();
  });

  it("asks the bank first (202), then starts construction once confirmed", async () => {
    const p = await owner(TEST_CARDS.authenticate);
    const id = await building(p.userId);
    const res = await develop(p.token, { propertyId: id, kind: "facade" });
    expect(res.statusCode).toBe(202);
    const action = res.json().data;
    expect(action).toMatchObject({ requiresAction: true, confirmPath: "/api/v1/properties/develop/confirm" });
    // Waiting: another request for the building is refused, nothing charged.
    const meanwhile = await develop(p.token, { propertyId: id, kind: "facade" });
    expect(meanwhile.statusCode).toBe(409);
    const page = await t.call("POST", action.nextActionUrl, {
      body: "outcome=complete",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(page.statusCode).toBe(200);
    const done = await t.call("POST", action.confirmPath, { token: p.token, body: action.confirmBody });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.development).toMatchObject({ constructing: true, kind: "facade" });
    await agree();
  });

  it("is started by the processor's report of the payment when the owner never comes back to confirm", async () => {
    const p = await owner(TEST_CARDS.authenticate);
    const id = await building(p.userId);
    const action = (await develop(p.token, { propertyId: id, kind: "facade" })).json().data;
    await t.call("POST", action.nextActionUrl, {
      body: "outcome=complete",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    // What the webhook handler does with a payment_intent.succeeded event it has verified and re-read.
    const intent = await t.app.deps.gateway.retrievePaymentIntent(action.paymentIntentId);
    await finishPayment(t.app.deps, intent);
    await finishPayment(t.app.deps, intent);
    const [row] = await db().select().from(developments).where(eq(developments.buildingId, id));
    expect(row?.state).toBe("constructing");
    await agree();
  });

  it("tells every map when a construction starts and when it ends, and the owner when it is finished", async () => {
    const p = await owner();
    const id = await building(p.userId);
    const other = await owner(null);
    const [watcher, mine] = await Promise.all([openLive(t.app, other.token), openLive(t.app, p.token)]);
    await Promise.all([watcher.next(isType("ready")), mine.next(isType("ready"))]);
    try {
      expect((await develop(p.token, { propertyId: id, kind: "facade" })).statusCode).toBe(200);
      const started = await watcher.next(
        (m) => m.type === "event" && m.event.type === "building.developing" && m.event.buildingId === id,
      );
      expect(started).toMatchObject({ event: { level: 1, kind: "facade" } });
      await finishConstruction(id);
      await announceCompletions(t.app.deps);
      const ended = await watcher.next(
        (m) => m.type === "event" && m.event.type === "building.developed" && m.event.buildingId === id,
      );
      expect(ended).toMatchObject({ event: { level: 1, kind: "facade", price: 1100 } });
      const told = await mine.next(
        (m) => m.type === "activity" && m.activity.type === "development.completed",
      );
      expect(told).toMatchObject({ activity: { payload: { buildingId: id, level: 1, price: 1100 } } });
    } finally {
      watcher.close();
      mine.close();
    }
  });

  it("pays with PayPal: approved, then captured and built", async () => {
    const p = await owner(null);
    const id = await building(p.userId);
    const res = await develop(p.token, { propertyId: id, kind: "facade", paypal: true });
    expect(res.statusCode, res.body).toBe(202);
    const action = res.json().data;
    expect(action.nextActionUrl).toBe(`/sandbox/paypal/approve/${orderIdOf(action.paymentIntentId)}`);
    await t.call("POST", action.nextActionUrl, {
      body: "outcome=approve",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const done = await t.call("POST", action.confirmPath, { token: p.token, body: action.confirmBody });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.development.constructing).toBe(true);
    await agree();
  });

  it("keeps the level when the building is sold and when its owner deletes their account", async () => {
    const p = await owner();
    const id = await building(p.userId, 20_000);
    expect((await develop(p.token, { propertyId: id, kind: "facade" })).statusCode).toBe(200);
    await finishConstruction(id);
    const buyer = await owner();
    // Sold (ownership moved as an accepted bid moves it).
    await giveBuilding(db(), id, buyer.userId, 30_000);
    expect((await details(buyer.token, id)).development.level).toBe(1);
    // The new owner builds the next level.
    expect((await develop(buyer.token, { propertyId: id, kind: "garden" })).statusCode).toBe(200);
    const gone = await t.call("DELETE", `/api/v1/users/${buyer.userId}`, { token: buyer.token });
    expect(gone.statusCode, gone.body).toBe(200);
    await finishConstruction(id);
    const after = await details(p.token, id);
    expect(after.ownerId).toBeNull();
    expect(after.development.level).toBe(2);
    await agree();
  });

  it("shows developed and constructing buildings on the map overlay", async () => {
    const p = await owner();
    const id = await building(p.userId);
    expect((await develop(p.token, { propertyId: id, kind: "facade" })).statusCode).toBe(200);
    const [b] = await db().select({ mapId: buildings.mapId }).from(buildings).where(eq(buildings.id, id));
    const state = async () => {
      const res = await t.call("GET", "/api/v1/map/state");
      const developed: number[] = res.json().data.developed;
      for (let i = 0; i < developed.length; i += 2) if (developed[i] === b?.mapId) return developed[i + 1];
      return undefined;
    };
    expect(await state()).toBe(1);
    await finishConstruction(id);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await state()).toBe(2);
  });

  it("replays a develop request with the same Idempotency-Key instead of charging twice", async () => {
    const p = await owner();
    const id = await building(p.userId);
    const headers = { "idempotency-key": `develop-${id}` };
    const first = await develop(p.token, { propertyId: id, kind: "facade" }, headers);
    const again = await develop(p.token, { propertyId: id, kind: "facade" }, headers);
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(
      await db()
        .select({ n: count() })
        .from(developments)
        .where(and(eq(developments.buildingId, id), eq(developments.state, "constructing"))),
    ).toEqual([{ n: 1 }]);
  });

  it("recovery releases a development interrupted before its charge", async () => {
    const p = await owner();
    const id = await building(p.userId);
    await db()
      .insert(developments)
      .values({
        id: crypto.randomUUID(),
        userId: p.userId,
        buildingId: id,
        kind: "facade",
        level: 1,
        costCents: 10_000,
        totalCents: 10_899,
        state: "reserved",
        durationSeconds: 3600,
        updatedAt: new Date(Date.now() - 3_600_000),
      });
    expect((await runJobOnce(t.app.deps, recoverDevelopments)).done).toBeGreaterThanOrEqual(1);
    const [row] = await db().select().from(developments).where(eq(developments.buildingId, id));
    expect(row?.state).toBe("failed");
    expect((await develop(p.token, { propertyId: id, kind: "facade" })).statusCode).toBe(200);
    await agree();
  });

  it("divides construction times by DEVELOPMENT_TIME_SCALE", async () => {
    const fast = await createTestApp({ developmentTimeScale: 3600 });
    try {
      await importSampleCity(fast.app.deps.db);
      const p = await signUp(fast);
      const [row] = await fast.app.deps.db.select({ id: buildings.id }).from(buildings).limit(1);
      const res = await fast.call("GET", `/api/v1/properties/developments?propertyId=${row?.id}`, {
        token: p.token,
      });
      expect(res.json().data.options.map((o: { durationSeconds: number }) => o.durationSeconds)).toEqual([
        1, 6, 12, 24,
      ]);
    } finally {
      await fast.close();
    }
  });

  it("reserves and settles develop requests arriving together in one batch each, each with its own answer", async () => {
    const players = await Promise.all(Array.from({ length: 5 }, () => owner()));
    const ids = await Promise.all(players.map((p) => building(p.userId)));
    const declined = await owner("4000 0000 0000 0341");
    const declinedId = await building(declined.userId);
    const stranger = await owner();
    // Another building's development waits for its owner's bank meanwhile: it holds only its own building.
    const waiting = await owner(TEST_CARDS.authenticate);
    expect(
      (await develop(waiting.token, { propertyId: await building(waiting.userId), kind: "facade" }))
        .statusCode,
    ).toBe(202);
    const deps = t.app.deps;
    // The fifth building changes hands while its owner's card is charged: it can no longer start, and is refunded.
    const gateway = deps.gateway;
    const create = gateway.createPaymentIntent;
    gateway.createPaymentIntent = async (input) => {
      if (input.metadata?.buildingId === ids[4]) {
        await db()
          .update(properties)
          .set({ ownerId: stranger.userId })
          .where(eq(properties.buildingId, ids[4] ?? ""));
      }
      return create.call(gateway, input);
    };
    const none = { batches: 0, items: 0 };
    const before = batchCountsOf(deps, "development");
    const chargedBefore = await succeeded();
    let results: PromiseSettledResult<unknown>[];
    try {
      results = await Promise.allSettled([
        ...players.map((p, i) =>
          developProperty(deps, p.userId, { propertyId: ids[i] ?? "", kind: "facade" }),
        ),
        developProperty(deps, players[0]?.userId ?? "", { propertyId: ids[0] ?? "", kind: "facade" }),
        developProperty(deps, stranger.userId, { propertyId: ids[1] ?? "", kind: "facade" }),
        developProperty(deps, declined.userId, { propertyId: declinedId, kind: "facade" }),
        developProperty(deps, stranger.userId, { propertyId: "way/999999", kind: "facade" }),
      ]);
    } finally {
      gateway.createPaymentIntent = create;
    }
    const after = batchCountsOf(deps, "development");
    // All nine reserved in one batch; the five charged settled in fewer batches than developments.
    expect((after?.reserve.batches ?? 0) - (before?.reserve.batches ?? 0)).toBe(1);
    expect((after?.reserve.items ?? 0) - (before?.reserve.items ?? 0)).toBe(9);
    const settled = { ...none, ...after?.settle };
    const settledBefore = { ...none, ...before?.settle };
    expect(settled.items - settledBefore.items).toBe(5);
    expect(settled.batches - settledBefore.batches).toBeLessThan(5);

    const outcome = (i: number) => results[i] as PromiseSettledResult<{ message: string }>;
    for (const i of [0, 1, 2, 3]) {
      expect(outcome(i)).toMatchObject({
        status: "fulfilled",
        value: { message: expect.stringContaining("has begun") },
      });
      expect((await details(players[i]?.token ?? "", ids[i] ?? "")).development).toMatchObject({
        constructing: true,
      });
    }
    const reason = (i: number) => {
      const r = outcome(i);
      return r.status === "rejected" ? (r.reason as Error).message : "fulfilled";
    };
    expect(reason(4)).toBe("This can no longer be done; your payment has been refunded.");
    expect(reason(5)).toBe("A development of this building is being paid for right now.");
    expect(reason(6)).toBe("Only the owner can develop this building.");
    expect(reason(7)).toBe("Your card was declined.");
    expect(reason(8)).toBe("No property with id way/999999.");
    const states = await db()
      .select({ buildingId: developments.buildingId, state: developments.state })
      .from(developments)
      .where(
        sql`${developments.buildingId} in (${sql.join(
          [...ids, declinedId].map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    expect(
      states
        .filter((s) => s.state === "constructing")
        .map((s) => s.buildingId)
        .sort(),
    ).toEqual(ids.slice(0, 4).sort());
    expect(states.find((s) => s.buildingId === ids[4])?.state).toBe("refunded");
    expect(states.find((s) => s.buildingId === declinedId)?.state).toBe("failed");
    // Five charged (the fifth then refunded), none for the refused ones.
    expect(await succeeded()).toBe(chargedBefore + 5);
    await agree();
  });

  describe.skipIf(!process.env.DATABASE_URL)("on PostgreSQL", () => {
    it("of two develop requests at once for one building, one builds and the other is refused, charged nothing", async () => {
      for (let round = 0; round < 5; round++) {
        const p = await owner();
        const id = await building(p.userId);
        const before = await succeeded();
        const results = await Promise.all([
          develop(p.token, { propertyId: id, kind: "facade" }),
          develop(p.token, { propertyId: id, kind: "facade" }),
        ]);
        const codes = results.map((r) => r.statusCode).sort();
        expect(codes).toEqual([200, 409]);
        expect(await succeeded()).toBe(before + 1);
      }
      await agree();
    });

    it("develops distinct buildings at once, each on its own", async () => {
      const players = await Promise.all(Array.from({ length: 6 }, () => owner()));
      const ids = await Promise.all(players.map((p) => building(p.userId)));
      const results = await Promise.all(
        players.map((p, i) => develop(p.token, { propertyId: ids[i], kind: "facade" })),
      );
      expect(results.map((r) => r.statusCode)).toEqual(players.map(() => 200));
      await agree();
    });
  });
});
