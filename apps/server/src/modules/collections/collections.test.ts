import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildings, properties } from "../../db/schema/buildings";
import { collectionCompletions } from "../../db/schema/collections";
import { activities, pushSubscriptions } from "../../db/schema/live";
import { outboxMessages } from "../../db/schema/outbox";
import { users } from "../../db/schema/users";
import { watchlist } from "../../db/schema/watchlist";
import { collection, giveBuilding, importSampleCity, osmFeature } from "../../test/buildings";
import { addCard } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { importBuildings } from "../buildings/import-buildings";
import { parseFootprints } from "../buildings/parse-footprints";
import { deleteAccount } from "../users/delete-account";
import { COLLECTIONS_FORMAT, COLLECTIONS_VERSION, type CollectionRecord } from "./build-collections";
import { trackHoldings } from "./track-holdings";

type Player = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let dir: string;
const db = () => t.app.deps.db;

const set = (id: string, members: string[]): CollectionRecord => ({
  id,
  kind: "block",
  name: `The ${id} set`,
  description: `A made-up set: ${members.join(", ")}.`,
  neighborhood: "Midtown-Times Square",
  difficulty: 1,
  members,
});
const SETS = [
  set("trio", ["way/11", "way/12", "way/13"]),
  set("tower-block", ["way/1", "way/2", "way/14"]),
  set("short", ["way/21", "way/22", "way/23"]),
  set("gone", ["way/31", "way/32", "way/33"]),
  set("race", ["way/41", "way/42", "way/43"]),
];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "collections-"));
  const file = path.join(dir, "collections.json");
  writeFileSync(
    file,
    JSON.stringify({ format: COLLECTIONS_FORMAT, version: COLLECTIONS_VERSION, collections: SETS }),
  );
  t = await createTestApp({ collectionsFile: file });
  await importSampleCity(db());
  const extra = [11, 12, 13, 14, 21, 22, 23, 31, 32, 33, 40, 41, 42, 43].map((n) => `way/${n}`);
  const { records, format } = parseFootprints(
    collection(
      extra.map((id, k) =>
        osmFeature(id, -73.97 + k * 0.001, 40.76, { levels: 3, name: `Collection House ${id.slice(4)}` }),
      ),
    ),
  );
  await importBuildings(db(), records, format);
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (url: string, token: string, body: unknown) =>
  t.call("POST", `/api/v1/properties/${url}`, { token, body });
const feed = async (userId: string) =>
  db()
    .select({ type: activities.type, payload: activities.payload })
    .from(activities)
    .where(eq(activities.userId, userId));
const completions = (collectionId: string) =>
  db().select().from(collectionCompletions).where(eq(collectionCompletions.collectionId, collectionId));

async function buyFromMarket(player: Player, card: string, buildingId: string) {
  const [row] = await db()
    .select({ base: buildings.basePriceCents, lat: buildings.lat, lng: buildings.lng })
    .from(buildings)
    .where(eq(buildings.id, buildingId));
  const res = await post("buy", player.token, {
    isApplePay: false,
    buildingId,
    paymentMethodId: card,
    bidAmount: (row?.base ?? 0) / 100 + 10,
    location: { lat: row?.lat ?? 0, lng: row?.lng ?? 0 },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function sellByBid(seller: Player, buyer: Player, buildingId: string, askCents: number) {
  await db().update(properties).set({ forSale: true, askCents }).where(eq(properties.buildingId, buildingId));
  const [property] = await db().select().from(properties).where(eq(properties.buildingId, buildingId));
  await addCard(t, buyer.token);
  const placed = await post("submit-bid", buyer.token, {
    propertyId: property?.id,
    bidAmount: askCents / 100 + 50,
    isApplePay: false,
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const res = await post("accept-bid", seller.token, { bidId: placed.json().data.bid.bidId });
  expect(res.statusCode, res.body).toBe(200);
}

describe("completing a collection", () => {
  let collector: Player;

  it("by purchase: records the completion and tells the holder and the watchers, once", async () => {
    collector = await signUp(t);
    const watcher = await signUp(t);
    const bystander = await signUp(t);
    await db().insert(watchlist).values({ userId: watcher.userId, buildingId: "way/12" });
    const card = await addCard(t, collector.token);
    await buyFromMarket(collector, card, "way/11");
    await buyFromMarket(collector, card, "way/12");
    expect(await completions("trio")).toEqual([]);
    await buyFromMarket(collector, card, "way/13");

    const [done] = await completions("trio");
    expect(done).toMatchObject({ userId: collector.userId, lostAt: null });
    expect((await feed(collector.userId)).filter((a) => a.type === "collection.completed")).toEqual([
      {
        type: "collection.completed",
        payload: {
          collectionId: "trio",
          collectionName: "The trio set",
          holderName: collector.userName,
          role: "holder",
        },
      },
    ]);
    // (The watcher also hears of each sale as a watch alert.)
    expect(
      (await feed(watcher.userId)).filter((a) => a.type === "collection.completed").map((a) => a.payload),
    ).toEqual([
      expect.objectContaining({ collectionId: "trio", role: "watcher", holderName: collector.userName }),
    ]);
    expect(await feed(bystander.userId)).toEqual([]);

    const list = await t.call("GET", "/api/v1/collections", { token: collector.token });
    expect(list.statusCode).toBe(200);
    const trio = list.json().data.collections.find((c: { id: string }) => c.id === "trio");
    expect(trio).toMatchObject({
      size: 3,
      myCount: 3,
      heldBy: collector.userName,
      holder: { userName: collector.userName },
    });
    const anonymous = await t.call("GET", "/api/v1/collections?kind=block");
    expect(anonymous.json().data.collections[0]).toMatchObject({ id: "trio", myCount: null });
    // A viewer's list is the list anyone sees with their own counts in it.
    const everyone = (await t.call("GET", "/api/v1/collections")).json();
    const mine = (await t.call("GET", "/api/v1/collections", { token: collector.token })).json();
    expect(mine).toEqual({
      ...everyone,
      data: {
        collections: everyone.data.collections.map((c: { id: string }) => ({
          ...c,
          myCount: c.id === "trio" ? 3 : 0,
        })),
      },
    });

    const detail = (await t.call("GET", "/api/v1/collections/trio")).json().data;
    expect(detail.members.map((m: { buildingId: string }) => m.buildingId)).toEqual([
      "way/11",
      "way/12",
      "way/13",
    ]);
    expect(detail.members[0]).toMatchObject({ name: "Collection House 11", ownerName: collector.userName });
    expect(detail.holder.userName).toBe(collector.userName);

    const map = (await t.call("GET", "/api/v1/collections/map")).json().data;
    expect(map.held).toEqual([expect.objectContaining({ id: "trio", mapIds: expect.any(Array) })]);
    expect(map.held[0].mapIds).toHaveLength(3);

    const board = (await t.call("GET", "/api/v1/collections/leaderboard")).json().data;
    expect(board.collectors[0]).toMatchObject({ rank: 1, userName: collector.userName, held: 1 });

    // The badge on the public profile, seen signed out.
    const profile = (await t.call("GET", `/api/v1/players/${collector.userName}`)).json().data;
    expect(profile.collections).toEqual([
      expect.objectContaining({ id: "trio", name: "The trio set", standing: "held", lostAt: null }),
    ]);
  });

  it("by an accepted bid: the buyer who owns the rest completes it", async () => {
    const seller = await signUp(t);
    const buyer = await signUp(t);
    const watcher = await signUp(t);
    await db().insert(watchlist).values({ userId: watcher.userId, buildingId: "way/1" });
    await giveBuilding(db(), "way/2", buyer.userId, 10_000);
    await giveBuilding(db(), "way/14", buyer.userId, 10_000);
    await giveBuilding(db(), "way/1", seller.userId, 40_000);
    await sellByBid(seller, buyer, "way/1", 50_000);
    const [done] = await completions("tower-block");
    expect(done).toMatchObject({ userId: buyer.userId, lostAt: null });
    expect((await feed(buyer.userId)).some((a) => a.type === "collection.completed")).toBe(true);
    // (Written in one transaction, the sale's alert and the completion share their time: no order between them.)
    expect((await feed(watcher.userId)).map((a) => a.type).sort()).toEqual([
      "collection.completed",
      "watch.bid_placed",
      "watch.sold",
    ]);
  });

  it("selling a member marks it lost: the badge says once held", async () => {
    const other = await signUp(t);
    await sellByBid(collector, other, "way/11", 60_000);
    const rows = await completions("trio");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.lostAt).toBeInstanceOf(Date);
    const mine = (await t.call("GET", `/api/v1/collections/players/${collector.userName}`)).json().data;
    expect(mine.collections).toEqual([
      expect.objectContaining({ id: "trio", standing: "once held", lostAt: expect.any(Number) }),
    ]);
    const detail = (await t.call("GET", "/api/v1/collections/trio")).json().data;
    expect(detail.holder).toBeNull();
    const profile = (await t.call("GET", `/api/v1/players/${collector.userName}`)).json().data;
    expect(profile.collections).toEqual([expect.objectContaining({ id: "trio", standing: "once held" })]);
  });

  it("a deleted account loses its collections", async () => {
    const leaver = await signUp(t);
    for (const id of ["way/31", "way/32"]) await giveBuilding(db(), id, leaver.userId, 10_000);
    const card = await addCard(t, leaver.token);
    await buyFromMarket(leaver, card, "way/33");
    expect((await completions("gone"))[0]?.lostAt).toBeNull();
    await deleteAccount(t.app.deps, leaver.userId);
    expect((await completions("gone"))[0]?.lostAt).toBeInstanceOf(Date);
  });
});

describe("the last building for sale", () => {
  it("tells a player who owns every other member, and no one else", async () => {
    const almost = await signUp(t);
    const owner = await signUp(t);
    const half = await signUp(t);
    await giveBuilding(db(), "way/21", almost.userId, 10_000);
    await giveBuilding(db(), "way/22", almost.userId, 10_000);
    await giveBuilding(db(), "way/23", owner.userId, 10_000);
    await db().update(users).set({ isStripeIntegrated: true }).where(eq(users.id, owner.userId));
    const [property] = await db().select().from(properties).where(eq(properties.buildingId, "way/23"));
    const res = await post("place-ask", owner.token, { propertyId: property?.id, bidAmount: 250 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await feed(almost.userId)).toEqual([
      {
        type: "collection.one_short_listed",
        payload: {
          collectionId: "short",
          collectionName: "The short set",
          buildingId: "way/23",
          propertyName: "Collection House 23",
          ask: 250,
        },
      },
    ]);
    expect(await feed(owner.userId)).toEqual([]);
    expect(await feed(half.userId)).toEqual([]);
    // A changed ask is no new listing.
    await post("place-ask", owner.token, { propertyId: property?.id, bidAmount: 240 });
    expect(await feed(almost.userId)).toHaveLength(1);

    // Switched off in Account Settings, the next listing tells them nothing.
    await post("cancel-sale", owner.token, { propertyId: property?.id });
    const off = await t.call("PUT", "/api/v1/users/alert-settings", {
      token: almost.token,
      body: { "collection.one_short_listed": false },
    });
    expect(off.statusCode, off.body).toBe(200);
    await post("place-ask", owner.token, { propertyId: property?.id, bidAmount: 230 });
    expect(await feed(almost.userId)).toHaveLength(1);
  });

  it("reaches the player's devices too: one Web Push per subscription", async () => {
    const almost = await signUp(t);
    const owner = await signUp(t);
    await giveBuilding(db(), "way/21", almost.userId, 10_000);
    await giveBuilding(db(), "way/22", almost.userId, 10_000);
    await giveBuilding(db(), "way/23", owner.userId, 10_000);
    await db().update(users).set({ isStripeIntegrated: true }).where(eq(users.id, owner.userId));
    await db()
      .insert(pushSubscriptions)
      .values({
        id: crypto.randomUUID(),
        userId: almost.userId,
        endpoint: `https://fcm.googleapis.com/fcm/send/short-${almost.userId}`,
        p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
        auth: "tBHItJI5svbpez7KI4CCXg",
      });
    const [property] = await db().select().from(properties).where(eq(properties.buildingId, "way/23"));
    await post("place-ask", owner.token, { propertyId: property?.id, bidAmount: 250 });
    const [told] = await db()
      .select()
      .from(activities)
      .where(and(eq(activities.userId, almost.userId), eq(activities.type, "collection.one_short_listed")));
    const pushes = await db().select().from(outboxMessages).where(eq(outboxMessages.kind, "push"));
    expect(pushes.filter((m) => (m.payload as { activityId?: string }).activityId === told?.id)).toHaveLength(
      1,
    );
  });

  it.runIf(process.env.DATABASE_URL?.startsWith("postgres") ?? false)(
    "two last members changing hands in transactions open at the same moment: the set is completed",
    async () => {
      const player = await signUp(t);
      await giveBuilding(db(), "way/41", player.userId, 100_000);
      // Both transactions are open before either changes an owner; each gives one of the last two members.
      let open = 0;
      let release = () => {};
      const bothOpen = new Promise<void>((resolve) => {
        release = resolve;
      });
      const take = (buildingId: string) =>
        db().transaction(async (tx) => {
          await tx
            .select({ id: properties.id })
            .from(properties)
            .where(eq(properties.buildingId, buildingId));
          open += 1;
          if (open === 2) release();
          await bothOpen;
          await tx
            .update(properties)
            .set({ ownerId: player.userId })
            .where(eq(properties.buildingId, buildingId));
          await trackHoldings(tx, t.app.deps.collections, [buildingId]);
        });
      await Promise.all([take("way/42"), take("way/43")]);
      const rows = await completions("race");
      expect(rows.map((r) => ({ userId: r.userId, lost: r.lostAt !== null }))).toEqual([
        { userId: player.userId, lost: false },
      ]);
    },
  );

  it("costs nothing for a building in no collection", async () => {
    expect(t.app.deps.collections.of(["way/3", "way/40"])).toEqual([]);
    const seller = await signUp(t);
    await giveBuilding(db(), "way/40", seller.userId, 10_000);
    await db().update(users).set({ isStripeIntegrated: true }).where(eq(users.id, seller.userId));
    const [property] = await db().select().from(properties).where(eq(properties.buildingId, "way/40"));
    const told = () =>
      db().select().from(activities).where(eq(activities.type, "collection.one_short_listed"));
    const before = (await told()).length;
    const res = await post("place-ask", seller.token, { propertyId: property?.id, bidAmount: 250 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await told()).toHaveLength(before);
  });
});

describe("the API's refusals", () => {
  it("answers 404 for an unknown collection or player, 400 for a malformed id or kind", async () => {
    const unknown = await t.call("GET", "/api/v1/collections/no-such-set");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain("no-such-set");
    expect((await t.call("GET", "/api/v1/collections/Bad_Id!")).statusCode).toBe(400);
    const kind = await t.call("GET", "/api/v1/collections?kind=castles");
    expect(kind.statusCode).toBe(400);
    expect(kind.json().message).toContain("kind");
    expect((await t.call("GET", "/api/v1/collections?colour=red")).statusCode).toBe(400);
    expect((await t.call("GET", "/api/v1/collections/players/nobody_here_123")).statusCode).toBe(404);
    const badToken = await t.call("GET", "/api/v1/collections", { token: "not-a-session" });
    expect(badToken.statusCode).toBe(401);
  });
});
