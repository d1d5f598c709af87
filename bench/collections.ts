import { queryRows } from "@mx/kit/sql";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../apps/server/src/app";
import { testConfig } from "../apps/server/src/config";
import { openDatabase, type Queryable } from "../apps/server/src/db/client";
import { users } from "../apps/server/src/db/schema/users";
import { createSession } from "../apps/server/src/modules/auth/sessions";
import { importIslandFile } from "../apps/server/src/modules/buildings/import-buildings";
import type { CollectionCatalogue } from "../apps/server/src/modules/collections/catalogue";
import { trackHoldings } from "../apps/server/src/modules/collections/track-holdings";
import { giveBuilding, importSampleCity } from "../apps/server/src/test/buildings";
import { createTestDatabase } from "../apps/server/src/test/database";
import { signUp, type TestApp, testAppOf } from "../apps/server/src/test/harness";
import { openLive } from "../apps/server/src/test/live";
import { measure } from "./measure";

const PLAYERS = Number(process.env.BENCH_COLLECTION_PLAYERS ?? 10_000);

/**
 * 10,000 players owning a third of the island (already imported into `db`): every collection's members spread among
 * them, and half the collections held whole by one player each. Returns the players' ids.
 */
export async function populateCollectors(db: Queryable, catalogue: CollectionCatalogue): Promise<string[]> {
  const stamp = Date.now();
  const made = await queryRows<{ id: string }>(
    db,
    sql`insert into users (id, email, user_name, full_name, building_color)
    select gen_random_uuid(), 'collector' || i || '-' || ${stamp} || '@example.com', 'collector_' || i || '_' || ${stamp},
           'Collector ' || i, '#' || lpad(to_hex((i * 2654435761) % 16777216), 6, '0')
    from generate_series(1, ${PLAYERS}) as i
    returning id`,
  );
  const players = made.map((r) => r.id);
  // A third of the island, owned by the players in turn.
  await db.execute(sql`
    with owned as (
      select building_id, (row_number() over (order by building_id)) % ${players.length} as k
      from properties where building_id in (select id from buildings order by md5(id) limit (select count(*) / 3 from buildings)))
    update properties p set owner_id = (${JSON.stringify(players)}::jsonb ->> owned.k::int)::uuid, sales = 1
    from owned where owned.building_id = p.building_id`);
  // Half the collections whole in one player's hands (the members of a collection may overlap another's: the
  // later one wins them, so some of the first are held no more).
  const held = catalogue.list.filter((_, i) => i % 2 === 0);
  for (const [i, c] of held.entries()) {
    await db.execute(sql`update properties set owner_id = ${players[(i * 37) % players.length]}::uuid, sales = 1
      where building_id = any(array(select json_array_elements_text(${JSON.stringify(c.members)}::json)))`);
  }
  await trackHoldings(
    db,
    catalogue,
    catalogue.list.flatMap((c) => c.members),
  );
  const [counts] = await queryRows<{ buildings: number; owned: number; held: number }>(
    db,
    sql`select (select count(*)::int from buildings) as buildings,
      (select count(*)::int from properties where owner_id is not null) as owned,
      (select count(*)::int from collection_completions where lost_at is null) as held`,
  );
  console.log(
    `  ${counts?.buildings.toLocaleString("en-US")} buildings, ${players.length.toLocaleString("en-US")} players owning ${counts?.owned.toLocaleString("en-US")}, ${catalogue.list.length} collections (${counts?.held} held)`,
  );
  return players;
}

/** The collections' reads on the whole island with 10,000 players (`populateCollectors`), through app.inject(). */
export async function collectionFigures(t: TestApp): Promise<void> {
  const { app } = t;
  const db = app.deps.db;
  const catalogue = app.deps.collections;
  await importIslandFile(db, testConfig().islandFile);
  const players = await populateCollectors(db, catalogue);

  // 200 viewers, each with a session: a viewer's progress is read for each request, as for a crowd of players.
  const tokens: string[] = [];
  for (const player of players.slice(0, 200)) {
    tokens.push(await createSession(db, app.deps.config.sessionSecret, player));
  }
  const token = (i: number) => tokens[i % tokens.length];
  const ids = catalogue.list.map((c) => c.id);
  const read = async (url: string, auth?: string) => {
    const res = await t.call("GET", url, auth ? { token: auth } : {});
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  };
  await measure("GET collections (signed out)", { count: 2000, concurrency: 16 }, () =>
    read("/api/v1/collections"),
  );
  await measure("GET collections (signed in: my progress)", { count: 2000, concurrency: 16 }, (i) =>
    read("/api/v1/collections", token(i)),
  );
  // The pages are kept until the market changes; the first read of each after a change builds it.
  app.hot.collections.clear();
  await measure("GET collections/:id (first read, built)", { count: ids.length, concurrency: 1 }, (i) =>
    read(`/api/v1/collections/${ids[i % ids.length]}`, token(i)),
  );
  app.hot.collections.clear();
  await measure("GET collections/:id (signed in)", { count: 2000, concurrency: 16 }, (i) =>
    read(`/api/v1/collections/${ids[i % ids.length]}`, token(i)),
  );
  await measure("GET collections/leaderboard", { count: 500, concurrency: 8 }, () =>
    read("/api/v1/collections/leaderboard"),
  );
}

/**
 * How long a watch alert takes to reach a watcher's open socket held by another instance: the owner lists (and
 * takes back) a building through instance A, the watcher's socket is on instance B, one PostgreSQL database.
 */
export async function alertAcrossInstances(adminUrl: string, rounds = 40): Promise<void> {
  const { database, url, drop } = await createTestDatabase(adminUrl);
  const second = await openDatabase({ kind: "postgres", url: url ?? "" });
  const apps: FastifyInstance[] = [];
  try {
    // One configuration for both, as behind a load balancer: the same session secret.
    const config = testConfig({
      rateLimit: { max: 100_000_000, authMax: 100_000, redisUrl: null, redisPrefix: "bench:" },
    });
    for (const db of [database, second]) {
      const app = await buildApp({ config, database: db });
      await app.ready();
      apps.push(app);
    }
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const t = testAppOf(a, async () => {});
    await importSampleCity(a.deps.db);
    const owner = await signUp(t);
    const watcher = await signUp(t);
    const buildingId = "way/1";
    await giveBuilding(a.deps.db, buildingId, owner.userId, 100_000);
    // Payouts connected, so that the owner may list it.
    await a.deps.db.update(users).set({ isStripeIntegrated: true }).where(eq(users.id, owner.userId));
    const watched = await t.call("POST", "/api/v1/users/watchlist", {
      token: watcher.token,
      body: { buildingId },
    });
    if (watched.statusCode >= 300) throw new Error(`watch: ${watched.body}`);
    const live = await openLive(b, watcher.token);
    await live.next((m) => m.type === "ready", 15_000);
    const activities = () => live.messages.filter((m) => m.type === "activity").length;
    const latencies: number[] = [];
    for (let i = 0; i < rounds; i += 1) {
      const seen = activities();
      const t0 = performance.now();
      const listed = await t.call("POST", "/api/v1/properties/place-ask", {
        token: owner.token,
        body: { propertyId: buildingId, bidAmount: 5_000 + i },
      });
      if (listed.statusCode !== 200) throw new Error(`place-ask: ${listed.body}`);
      await live.next(() => activities() > seen, 10_000);
      latencies.push(performance.now() - t0);
      const back = await t.call("POST", "/api/v1/properties/cancel-sale", {
        token: owner.token,
        body: { propertyId: buildingId },
      });
      if (back.statusCode !== 200) throw new Error(`cancel-sale: ${back.body}`);
    }
    live.close();
    const sorted = [...latencies].sort((x, y) => x - y);
    const pct = (p: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
    console.log(
      `  ${"watch alert: listed on A, heard on B".padEnd(44)} p50 ${pct(50).toFixed(2).padStart(7)} ms   p99 ${pct(99).toFixed(2).padStart(7)} ms   max ${(sorted.at(-1) ?? 0).toFixed(2)} ms   (n=${rounds}, from the request to the socket)`,
    );
  } finally {
    for (const app of apps) await app.close();
    await second.close();
    await drop();
  }
}
