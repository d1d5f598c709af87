/**
 * The market's reads on a catalogue the size of the island: 46,000 buildings in 38 neighbourhoods, 5,000 of them
 * for sale with 10,000 pending bids, 20,000 trades (first sales and resales) over 120 days. Listings with a
 * neighbourhood filter and a sort over HTTP with 50 connections from a second process; a neighbourhood's trades
 * and its 90-day index, the portfolio of a player holding 1,000 buildings and a year's statement of a player with
 * 10,000 movements through app.inject(). Goals: listings ≥ 2,000 req/s with p99 ≤ 50 ms; trades and index
 * p99 ≤ 50 ms; portfolio ≤ 100 ms; statement ≤ 1 s.
 */
import { fork } from "node:child_process";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { sql } from "drizzle-orm";
import { signUp, type TestApp } from "../apps/server/src/test/harness";
import { measure, report } from "./measure";

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const BUILDINGS = 46_000;
const HOODS = 38;
const FOR_SALE = 5_000;
const FIRST_SALES = 12_000;
const RESALES = 8_000;

async function httpLoad(url: string, headers: Record<string, string>, seconds = SECONDS) {
  const clients = fork(path.join(import.meta.dirname, "read-clients.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const result = await new Promise<{ latencies: number[]; elapsedMs: number; failure: string | null }>(
    (resolve, reject) => {
      clients.once("message", resolve as (message: unknown) => void);
      clients.once("exit", (code) => reject(new Error(`the clients stopped (${code})`)));
      clients.send({ url, headers, connections: CONNECTIONS, seconds });
    },
  );
  if (result.failure) throw new Error(result.failure);
  return result;
}

const hood = (i: number) => `Bench Neighbourhood ${i % HOODS}`;

/** The catalogue, the market and the money, written in bulk with SQL. */
async function seed(t: TestApp) {
  const { db } = t.app.deps;
  const players = await Promise.all(Array.from({ length: 12 }, () => signUp(t)));
  const [holder, earner, ...others] = players;
  if (!holder || !earner) throw new Error("no players");
  const ids = others.map((p) => p.userId);
  const started = performance.now();
  await db.execute(sql`insert into neighborhoods (code, name, kind, lat, lng)
    select 'BN' || lpad(i::text, 2, '0'), 'Bench Neighbourhood ' || i, 0, 40.75, -73.98
    from generate_series(0, ${HOODS - 1}) i`);
  await db.execute(sql`insert into buildings (id, name, lat, lng, footprint, height_m, floors, year_built,
      floor_area_sqft, base_price_cents, source, neighborhood, search_text)
    select 'bench/' || i, 'Bench Building ' || i, 40.70 + (i % 1000) * 0.0001, -74.0 + (i / 1000) * 0.0005,
      '{"type":"Polygon","coordinates":[]}'::jsonb, 10 + i % 200, 1 + i % 60, 1850 + i % 175,
      1000 + (i * 37) % 300000, 500 + (i * 7919) % 499500, 'bench',
      'Bench Neighbourhood ' || (i % ${HOODS}), 'bench building ' || i
    from generate_series(0, ${BUILDINGS - 1}) i`);
  await db.execute(sql`insert into properties (building_id, price_cents)
    select id, base_price_cents from buildings where source = 'bench'`);
  const owners = sql.raw(`((array['${ids.join("','")}'])::uuid[])`);
  // First sales: purchases completed over 120 days; the holder's 1,000 with their journals.
  await db.execute(sql`insert into purchases (id, user_id, building_id, price_cents, total_cents, status, created_at, updated_at)
    select gen_random_uuid(),
      case when i < 1000 then ${holder.userId}::uuid else ${owners}[1 + i % ${ids.length}] end,
      'bench/' || (i * 3), 500 + (i * 7919) % 499500, 500 + (i * 7919) % 499500 + 899, 'completed',
      now() - ((i % 120) || ' days')::interval, now() - ((i % 120) || ' days')::interval - ((i % 7) || ' hours')::interval
    from generate_series(0, ${FIRST_SALES - 1}) i`);
  await db.execute(sql`with j as (
      insert into ledger_journals (id, kind, reference, created_at)
      select gen_random_uuid(), 'purchase', p.id::text, p.updated_at from purchases p where p.user_id = ${holder.userId}
      returning id, reference)
    insert into ledger_entries (id, journal_id, account, amount_cents)
    select gen_random_uuid(), j.id, e.account, e.amount from j join purchases p on p.id::text = j.reference,
      lateral (values ('card_funding', -p.total_cents), ('platform_revenue', p.price_cents),
                      ('platform_fees', 600), ('sales_tax_payable', 299)) e(account, amount)`);
  // Resales: accepted bids between the other players.
  await db.execute(sql`insert into bids (id, building_id, bidder_id, owner_id, amount_cents, total_cents, status,
      expires_at, decided_at, created_at)
    select gen_random_uuid(), 'bench/' || (i * 3 + 1), ${owners}[1 + i % ${ids.length}],
      ${owners}[1 + (i + 1) % ${ids.length}], 1000 + (i * 104729) % 900000, 1000 + (i * 104729) % 900000 + 899,
      'accepted', now(), now() - ((i % 120) || ' days')::interval, now() - ((i % 120) || ' days')::interval
    from generate_series(0, ${RESALES - 1}) i`);
  await db.execute(sql`insert into price_history (building_id, price_cents, created_at)
    select building_id, price_cents, updated_at from purchases where building_id like 'bench/%'
    union all select building_id, amount_cents, decided_at from bids where status = 'accepted'`);
  // Ownership: the holder's 1,000; 5,000 others' buildings for sale, with 10,000 pending bids.
  await db.execute(sql`update properties p set owner_id = pu.user_id, price_cents = pu.price_cents, sales = 1
    from purchases pu where pu.building_id = p.building_id and pu.user_id = ${holder.userId}`);
  await db.execute(sql`update properties set owner_id = ${owners}[1 + (substr(building_id, 7)::int) % ${ids.length}],
      for_sale = true, ask_cents = 700 + (substr(building_id, 7)::int * 31) % 600000,
      listed_at = now() - ((substr(building_id, 7)::int % 2000) || ' minutes')::interval, sales = 1
    where building_id in (select 'bench/' || (i * 9 + 2) from generate_series(0, ${FOR_SALE - 1}) i)`);
  await db.execute(sql`insert into bids (id, building_id, bidder_id, owner_id, amount_cents, total_cents, status, expires_at)
    select gen_random_uuid(), 'bench/' || ((i % ${FOR_SALE}) * 9 + 2), ${owners}[1 + i / ${FOR_SALE}],
      null, 900000 + i, 900899 + i, 'pending', now() + interval '7 days'
    from generate_series(0, ${2 * FOR_SALE - 1}) i`);
  // A player with 10,000 movements this year: earnings from sales, spread over the year so far.
  await db.execute(sql`with j as (
      insert into ledger_journals (id, kind, reference, created_at)
      select gen_random_uuid(), 'sale', gen_random_uuid()::text,
        date_trunc('year', now()) + (now() - date_trunc('year', now())) * (i::float8 / 10000)
      from generate_series(0, 9999) i returning id)
    insert into ledger_entries (id, journal_id, account, amount_cents)
    select gen_random_uuid(), j.id, e.account, e.amount from j,
      lateral (values ('card_funding', -1234), (${`earnings:${earner.userId}`}, 1234)) e(account, amount)`);
  // Vacuumed as well as analysed: a live database's tables have been vacuumed, so their visibility maps let the
  // market's index-only scans skip the heap; straight after a bulk load they would not.
  await db.execute(sql`vacuum analyze`);
  console.log(
    `  seeded ${BUILDINGS} buildings, ${FOR_SALE} for sale, ${FIRST_SALES + RESALES} trades in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { holder, earner, viewer: others[0] ?? holder };
}

export async function listingFigures(t: TestApp): Promise<void> {
  const { holder, earner, viewer } = await seed(t);
  const auth = { authorization: `Bearer ${viewer.token}` };
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const port = (t.app.server.address() as AddressInfo).port;
  try {
    for (const sort of ["price", "-listedAt", "discount"]) {
      const url = `http://127.0.0.1:${port}/api/v1/market/listings?neighborhood=${encodeURIComponent(hood(7))}&sort=${sort}`;
      await httpLoad(url, auth, 1);
      const run = await httpLoad(url, auth);
      const f = report(`GET market/listings (a neighbourhood, sort ${sort})`, {
        ...run,
        concurrency: CONNECTIONS,
      });
      const verdict = f.perSecond >= 2000 && f.p99 <= 50 ? "meets" : "misses";
      console.log(`    ${verdict} the goal (≥ 2,000/s, p99 ≤ 50 ms)`);
    }
  } finally {
    await t.app.server.close();
  }
  const get = async (url: string, token = viewer.token) => {
    const res = await t.call("GET", url, { token });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
    return res;
  };
  // Each route answered first from eight requests at once, so that it has run on each of the pool's connections (the
  // first run compiles what it uses, and a PostgreSQL connection's first query of a table reads its catalogue and
  // plans it: costs a running server pays once per connection), then the cache emptied: every neighbourhood's first
  // request below is still a miss, as cold as a change leaves it.
  await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      Promise.all([
        get(`/api/v1/market/trades?neighborhood=${encodeURIComponent(hood(i))}`),
        get(`/api/v1/market/index?neighborhood=${encodeURIComponent(hood(i))}`),
      ]),
    ),
  );
  t.app.hot.market.clear();
  const trades = await measure(
    "GET market/trades (a neighbourhood)",
    { count: 400, concurrency: 4 },
    async (i) => {
      await get(`/api/v1/market/trades?neighborhood=${encodeURIComponent(hood(i))}`);
    },
  );
  console.log(`    ${trades.p99 <= 50 ? "meets" : "misses"} the goal (p99 ≤ 50 ms)`);
  const index = await measure(
    "GET market/index (a neighbourhood, 90 days)",
    { count: 400, concurrency: 4 },
    async (i) => {
      await get(`/api/v1/market/index?neighborhood=${encodeURIComponent(hood(i))}`);
    },
  );
  console.log(`    ${index.p99 <= 50 ? "meets" : "misses"} the goal (p99 ≤ 50 ms)`);
  const holdings = (await get("/api/v1/users/portfolio", holder.token)).json().data.holdings.length;
  const portfolio = await measure(
    `GET users/portfolio (${holdings} holdings)`,
    { count: 40, concurrency: 1 },
    async () => {
      await get("/api/v1/users/portfolio", holder.token);
    },
  );
  console.log(`    ${portfolio.p99 <= 100 ? "meets" : "misses"} the goal (≤ 100 ms)`);
  const year = new Date().getUTCFullYear();
  const rows = (await get(`/api/v1/users/statement?year=${year}`, earner.token)).json().data.rows.length;
  const statement = await measure(
    `GET users/statement (${rows} movements, CSV)`,
    { count: 10, concurrency: 1 },
    async () => {
      await get(`/api/v1/users/statement?year=${year}&format=csv`, earner.token);
    },
  );
  console.log(`    ${statement.p99 <= 1000 ? "meets" : "misses"} the goal (≤ 1 s)`);
}
