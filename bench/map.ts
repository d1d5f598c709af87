import { sql } from "drizzle-orm";
import { testConfig } from "../apps/server/src/config";
import { importIslandFile } from "../apps/server/src/modules/buildings/import-buildings";
import type { signUp, TestApp } from "../apps/server/src/test/harness";
import { measure } from "./measure";

const PLAYERS = 100_000;
/** Owners the buildings are spread over: most own one or two, so the ranking has ties to break. */
const OWNERS = 5_000;

/** 100,000 players, and every building of the island owned by one of them. */
async function seedWorld(t: TestApp) {
  const db = t.app.deps.db;
  const started = performance.now();
  await importIslandFile(db, testConfig().islandFile);
  await db.execute(sql`
    insert into users (id, email, user_name, full_name, building_color)
    select gen_random_uuid(), 'bench' || i || '@example.com', 'bench_' || i, 'Bench Player ' || i,
           '#' || lpad(to_hex((i * 2654435761) % 16777216), 6, '0')
    from generate_series(1, ${PLAYERS}) as i`);
  await db.execute(sql`
    with u as (select id, row_number() over (order by id) as rn from users where email like 'bench%'),
         q as (select id, row_number() over (order by id) as rn from properties)
    update properties p set owner_id = u.id, price_cents = p.price_cents + (q.rn % 97) * 100,
           for_sale = (q.rn % 10 = 0), ask_cents = case when q.rn % 10 = 0 then p.price_cents end
    from q join u on u.rn = 1 + (q.rn * 7919) % ${OWNERS}
    where p.id = q.id`);
  console.log(
    `  seeded ${PLAYERS.toLocaleString("en-US")} players and every building owned in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

export async function mapFigures(t: TestApp, player: Awaited<ReturnType<typeof signUp>>) {
  await seedWorld(t);
  await measure("GET properties/leading-board (first page)", { count: 200, concurrency: 1 }, async () => {
    const res = await t.call("GET", "/api/v1/properties/leading-board", { token: player.token });
    if (res.statusCode !== 200) throw new Error(res.body);
  });
  await measure("GET properties/leading-board?name=… (filter)", { count: 100, concurrency: 1 }, async (i) => {
    const res = await t.call("GET", `/api/v1/properties/leading-board?name=player%20${i}`, {
      token: player.token,
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  });
  for (const encoding of ["br", "gzip", "identity"]) {
    const res = await t.call("GET", "/api/v1/map/state", { headers: { "accept-encoding": encoding } });
    const owned =
      res.statusCode === 200
        ? (JSON.parse(encoding === "identity" ? res.body : "{}").data?.owned?.length ?? 0) / 2
        : 0;
    console.log(
      `  map/state, every building owned, ${encoding.padEnd(8)} ${(res.rawPayload.length / 1024).toFixed(1).padStart(7)} KB${owned ? ` (${owned} owned)` : ""}`,
    );
  }
  for (const encoding of ["br", "gzip"]) {
    const res = await t.call("GET", "/api/v1/map/state?encoding=delta", {
      headers: { "accept-encoding": encoding },
    });
    console.log(
      `  map/state?encoding=delta (the map's), ${encoding.padEnd(5)} ${(res.rawPayload.length / 1024).toFixed(1).padStart(7)} KB`,
    );
  }
  await measure("GET map/state (every building owned)", { count: 100, concurrency: 4 }, async () => {
    const res = await t.call("GET", "/api/v1/map/state", { headers: { "accept-encoding": "br" } });
    if (res.statusCode !== 200) throw new Error(res.body);
  });
  await measure(
    "GET map/state?encoding=delta (compressed once)",
    { count: 2000, concurrency: 16 },
    async () => {
      const res = await t.call("GET", "/api/v1/map/state?encoding=delta", {
        headers: { "accept-encoding": "br" },
      });
      if (res.statusCode !== 200) throw new Error(res.body);
    },
  );
}
