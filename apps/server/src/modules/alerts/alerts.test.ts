import { createECDH, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { queryRows } from "@mx/kit/sql";
import type { Activity } from "@mx/shared/schemas/live";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Queryable } from "../../db/client";
import { buildings, properties } from "../../db/schema/buildings";
import { developments } from "../../db/schema/developments";
import { activities } from "../../db/schema/live";
import { outboxMessages } from "../../db/schema/outbox";
import { collection, giveBuilding, osmFeature } from "../../test/buildings";
import { addCard } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { isType, openLive } from "../../test/live";
import { onboard } from "../../test/payouts";
import { importBuildings } from "../buildings/import-buildings";
import { parseFootprints } from "../buildings/parse-footprints";
import { announceCompletions } from "../developments/construction";
import { alertWatchers } from "./alert-watchers";

/*
 * Watch alerts, through the API as players cause them: every watcher hears of a listing, a lower ask, a sale (from
 * the game or an accepted bid), a bid and a development started or finished, but never of their own act, nor twice
 * of what an activity of their own already tells them; a player who does not watch hears nothing, nor does one who
 * switched that alert off; watchers with a browser subscribed get a Web Push.
 */

type Player = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let pushService: Server;
let pushOrigin: string;
let pushesReceived = 0;
let next = 7000;
const db = () => t.app.deps.db;

beforeAll(async () => {
  t = await createTestApp();
  pushService = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      pushesReceived += 1;
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, "127.0.0.1", resolve));
  pushOrigin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => pushService.close(resolve));
});

const post = (path: string, token: string, body: unknown) =>
  t.call("POST", `/api/v1/${path}`, { token, body });

/** A new building, unowned (or owned by `owner` at `priceCents`). */
async function building(owner?: Player, priceCents = 100_000) {
  const id = `way/${next++}`;
  const feature = osmFeature(id, -73.97 + next * 0.0001, 40.76, { name: `Watched House ${next}` });
  const { records, format } = parseFootprints(collection([feature]));
  await importBuildings(db(), records, format);
  if (owner) await giveBuilding(db(), id, owner.userId, priceCents);
  return id;
}

/** A player who watches `buildingIds`. */
async function watcher(...buildingIds: string[]) {
  const player = await signUp(t);
  for (const buildingId of buildingIds) await watch(player, buildingId);
  return player;
}

async function watch(player: Player, buildingId: string) {
  const res = await post("users/watchlist", player.token, { buildingId });
  expect(res.statusCode, res.body).toBe(200);
}

/** Subscribes a browser of the player to Web Push, at the test's own push service. */
async function subscribe(player: Player) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const res = await post("users/push/subscribe", player.token, {
    endpoint: `${pushOrigin}/push/${randomBytes(6).toString("hex")}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The player's feed entries of the watch alerts, newest first. */
async function alertsOf(player: Player): Promise<Activity[]> {
  const res = await t.call("GET", "/api/v1/users/activities?limit=100", { token: player.token });
  expect(res.statusCode).toBe(200);
  return (res.json().data.activities as Activity[]).filter((a) => a.type.startsWith("watch."));
}

async function typesOf(player: Player): Promise<string[]> {
  const res = await t.call("GET", "/api/v1/users/activities?limit=100", { token: player.token });
  return (res.json().data.activities as Activity[]).map((a) => a.type);
}

const switchAlerts = (player: Player, change: Record<string, unknown>) =>
  t.call("PUT", "/api/v1/users/alert-settings", { token: player.token, body: change });

async function placeAsk(owner: Player, buildingId: string, ask: number) {
  const res = await post("properties/place-ask", owner.token, { propertyId: buildingId, bidAmount: ask });
  expect(res.statusCode, res.body).toBe(200);
}

/** An owner with a connected payout account and a card, and a building of theirs they watch too. */
async function seller(priceCents = 100_000) {
  const owner = await signUp(t);
  await onboard(t, owner.token);
  const card = await addCard(t, owner.token);
  const id = await building(owner, priceCents);
  await watch(owner, id);
  return { owner, card, id };
}

async function propertyIdOf(buildingId: string) {
  const [row] = await db().select().from(properties).where(eq(properties.buildingId, buildingId));
  return row?.id ?? "";
}

async function bidOn(bidder: Player, buildingId: string, amount: number) {
  const card = await addCard(t, bidder.token);
  const res = await post("properties/submit-bid", bidder.token, {
    propertyId: await propertyIdOf(buildingId),
    bidAmount: amount,
    isApplePay: false,
    paymentMethodId: card,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.bid as { bidId: string };
}

describe("watch alerts", () => {
  it("tell a watcher of a listing, with its ask, in the feed, on the live channel and by Web Push", async () => {
    const { owner, id } = await seller();
    const fan = await watcher(id);
    await subscribe(fan);
    const stranger = await signUp(t);
    const socket = await openLive(t.app, fan.token);
    await socket.next(isType("ready"));
    const pushesBefore = pushesReceived;

    await placeAsk(owner, id, 1500);

    const [alert] = await alertsOf(fan);
    expect(alert).toMatchObject({
      type: "watch.listed",
      payload: { buildingId: id, propertyName: expect.stringMatching(/^Watched House/), ask: 1500 },
      readAt: null,
    });
    const live = await socket.next(
      (m) => m.type === "activity" && m.activity.type === "watch.listed" && m.activity.id === alert?.id,
    );
    expect(live).toMatchObject({ activity: { payload: alert?.payload, createdAt: alert?.createdAt } });
    socket.close();
    // One Web Push for the fan's one browser, queued with the activity and sent after the commit.
    const pushes = await db()
      .select()
      .from(outboxMessages)
      .where(sql`${outboxMessages.payload}->>'activityId' = ${alert?.id ?? ""}`);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.kind).toBe("push");
    await t.app.live.push.idle();
    await expect.poll(() => pushesReceived - pushesBefore).toBe(1);
    // The owner acted, and the stranger watches nothing.
    expect(await alertsOf(owner)).toEqual([]);
    expect(await alertsOf(stranger)).toEqual([]);
  });

  it("tell of a lower ask with the old and the new, and of a higher one not at all", async () => {
    const { owner, id } = await seller();
    await placeAsk(owner, id, 1500);
    const fan = await watcher(id);
    await placeAsk(owner, id, 1200);
    expect(await alertsOf(fan)).toMatchObject([
      { type: "watch.ask_lowered", payload: { buildingId: id, oldAsk: 1500, newAsk: 1200 } },
    ]);
    await placeAsk(owner, id, 1300);
    expect(await alertsOf(fan)).toHaveLength(1);
    expect(await alertsOf(owner)).toEqual([]);
  });

  it("tell of a bid, but not the bidder nor the owner, who hears of it as a bid received", async () => {
    const { owner, id } = await seller();
    await placeAsk(owner, id, 1500);
    const fan = await watcher(id);
    const bidder = await watcher(id);
    await bidOn(bidder, id, 1600);
    expect(await alertsOf(fan)).toMatchObject([
      { type: "watch.bid_placed", payload: { buildingId: id, bidAmount: 1600 } },
    ]);
    expect(await alertsOf(bidder)).toEqual([]);
    expect(await typesOf(owner)).toEqual(["bid.received"]);
    // A higher bid: the first bidder hears they were outbid, once.
    const rival = await signUp(t);
    await bidOn(rival, id, 1700);
    expect(await typesOf(bidder)).toEqual(["bid.outbid"]);
    expect((await alertsOf(fan)).map((a) => a.payload)).toMatchObject([
      { bidAmount: 1700 },
      { bidAmount: 1600 },
    ]);
  });

  it("tell of a sale by an accepted bid, with its price, but not the seller, the buyer or the released bidders", async () => {
    const { owner, id } = await seller();
    await placeAsk(owner, id, 1500);
    const fan = await watcher(id);
    const loser = await watcher(id);
    const buyer = await watcher(id);
    await bidOn(loser, id, 1550);
    const won = await bidOn(buyer, id, 1600);
    const res = await post("properties/accept-bid", owner.token, { bidId: won.bidId });
    expect(res.statusCode, res.body).toBe(200);
    const sold = (await alertsOf(fan)).filter((a) => a.type === "watch.sold");
    expect(sold).toMatchObject([{ payload: { buildingId: id, price: 1600 } }]);
    expect(await alertsOf(owner)).toEqual([]);
    // The buyer heard of the loser's bid, made before theirs; of the sale each hears as a bidder only.
    expect(await typesOf(buyer)).toEqual(["bid.accepted", "watch.bid_placed"]);
    expect(await typesOf(loser)).toEqual(["bid.released", "bid.outbid"]);
  });

  it("tell of a purchase from the game, with its price, inside the purchase's own statement", async () => {
    const id = await building();
    const fan = await watcher(id);
    const buyer = await watcher(id);
    const card = await addCard(t, buyer.token);
    const [b] = await db().select().from(buildings).where(eq(buildings.id, id));
    const price = (b?.basePriceCents ?? 0) / 100 + 25;
    const res = await post("properties/buy", buyer.token, {
      buildingId: id,
      paymentMethodId: card,
      bidAmount: price,
      isApplePay: false,
      location: { lat: b?.lat ?? 0, lng: b?.lng ?? 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await alertsOf(fan)).toMatchObject([{ type: "watch.sold", payload: { buildingId: id, price } }]);
    expect(await alertsOf(buyer)).toEqual([]);
  });

  it("tell of a development begun and finished, but not the owner, who hears of its end as their own", async () => {
    const { owner, card, id } = await seller();
    const fan = await watcher(id);
    const res = await post("properties/develop", owner.token, {
      propertyId: id,
      kind: "facade",
      paymentMethodId: card,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await alertsOf(fan)).toMatchObject([
      {
        type: "watch.development_started",
        payload: { buildingId: id, kind: "facade", name: "Facade renovation", level: 1 },
      },
    ]);
    const [started] = await alertsOf(fan);
    expect(started?.type === "watch.development_started" && started.payload.completesAt).toBeGreaterThan(
      Date.now() / 1000,
    );
    // Time passes: the construction ends and is settled.
    const past = sql`now() - interval '1 second'`;
    await db()
      .update(developments)
      .set({ completesAt: past })
      .where(and(eq(developments.buildingId, id), eq(developments.state, "constructing")));
    await db().update(properties).set({ constructingUntil: past }).where(eq(properties.buildingId, id));
    expect(await announceCompletions(t.app.deps)).toBe(1);
    const [finished] = await alertsOf(fan);
    expect(finished).toMatchObject({
      type: "watch.development_finished",
      payload: { buildingId: id, kind: "facade", level: 1, price: 1100 },
    });
    expect(await alertsOf(owner)).toEqual([]);
    expect(await typesOf(owner)).toEqual(["development.completed"]);
  });

  it("write nothing, feed or push, for a kind the watcher switched off, and go on with the others", async () => {
    const { owner, id } = await seller();
    const muted = await watcher(id);
    await subscribe(muted);
    expect((await switchAlerts(muted, { "watch.listed": false })).statusCode).toBe(200);
    const socket = await openLive(t.app, muted.token);
    await socket.next(isType("ready"));
    await placeAsk(owner, id, 1500);
    expect(await alertsOf(muted)).toEqual([]);
    // Their open watchlist is told to read again, with no entry in the feed.
    await socket.next((m) => m.type === "watched" && m.buildingId === id);
    expect(socket.messages.filter((m) => m.type === "activity")).toEqual([]);
    socket.close();
    const rows = await db().select().from(activities).where(eq(activities.userId, muted.userId));
    expect(rows).toEqual([]);
    await placeAsk(owner, id, 1400);
    const alerts = await alertsOf(muted);
    expect(alerts.map((a) => a.type)).toEqual(["watch.ask_lowered"]);
    const pushes = await db()
      .select()
      .from(outboxMessages)
      .where(sql`${outboxMessages.payload}->>'activityId' = ${alerts[0]?.id ?? ""}`);
    expect(pushes).toHaveLength(1);
    // Switched on again, it is heard again.
    await switchAlerts(muted, { "watch.listed": true });
    await post("properties/cancel-sale", owner.token, { propertyId: id });
    await placeAsk(owner, id, 1450);
    expect((await alertsOf(muted)).map((a) => a.type)).toEqual(["watch.listed", "watch.ask_lowered"]);
  });

  it("cost one statement, which writes nothing, when nobody watches", async () => {
    const id = await building();
    let statements = 0;
    const counting = {
      execute: (query: SQL) => {
        statements += 1;
        return db().execute(query);
      },
    } as unknown as Queryable;
    const alert = { buildingId: id, quiet: [], payload: { price: 5 } };
    expect(await alertWatchers(counting, "watch.sold", [alert])).toBe(0);
    expect(statements).toBe(1);
    // It starts from the watchlist's index on the building (the planner's choice on a table this small aside).
    await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = await queryRows<Record<string, string>>(
        tx,
        sql`explain select w.user_id from watchlist w where w.building_id = ${id}`,
      );
      expect(plan.map((row) => Object.values(row).join(" ")).join("\n")).toContain(
        "watchlist_building_user_idx",
      );
    });
  });
});

describe("GET and PUT /api/v1/users/alert-settings", () => {
  const kinds = [
    "watch.listed",
    "watch.ask_lowered",
    "watch.sold",
    "watch.bid_placed",
    "watch.development_started",
    "watch.development_finished",
    "collection.one_short_listed",
  ];

  it("has every alert on at first, and switches the ones named", async () => {
    const player = await signUp(t);
    const first = await t.call("GET", "/api/v1/users/alert-settings", { token: player.token });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual(Object.fromEntries(kinds.map((kind) => [kind, true])));
    const changed = await switchAlerts(player, { "watch.sold": false, "watch.bid_placed": false });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toBe("Your alert settings are saved.");
    expect(changed.json().data).toMatchObject({
      "watch.sold": false,
      "watch.bid_placed": false,
      "watch.listed": true,
    });
    await switchAlerts(player, { "watch.sold": true });
    const now = await t.call("GET", "/api/v1/users/alert-settings", { token: player.token });
    expect(now.json().data).toMatchObject({ "watch.sold": true, "watch.bid_placed": false });
    // Another player's are their own.
    const other = await signUp(t);
    const theirs = await t.call("GET", "/api/v1/users/alert-settings", { token: other.token });
    expect(Object.values(theirs.json().data)).toEqual(kinds.map(() => true));
  });

  it("answers 400 for an unknown kind or a switch that is not true or false, changing nothing", async () => {
    const player = await signUp(t);
    for (const body of [
      { "watch.everything": false },
      { "watch.listed": "no" },
      { "watch.listed": 0 },
      { "watch.listed": null },
      { "watch.sold": false, extra: true },
      ["watch.listed"],
    ]) {
      const res = await switchAlerts(player, body as Record<string, unknown>);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const now = await t.call("GET", "/api/v1/users/alert-settings", { token: player.token });
    expect(Object.values(now.json().data)).toEqual(kinds.map(() => true));
    const query = await t.call("GET", "/api/v1/users/alert-settings?x=1", { token: player.token });
    expect(query.statusCode).toBe(400);
  });

  it("is for signed-in players only", async () => {
    expect((await t.call("GET", "/api/v1/users/alert-settings")).statusCode).toBe(401);
    expect(
      (await t.call("PUT", "/api/v1/users/alert-settings", { body: { "watch.sold": false } })).statusCode,
    ).toBe(401);
  });
});
