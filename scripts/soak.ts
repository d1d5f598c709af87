/**
 * `npm run soak`: purchases, bids and accepts under load against a real server process on PostgreSQL, which is
 * killed with SIGKILL at random moments and started again. At the end a last server recovers what was left in the
 * middle; then the ledger is checked and the processor's records are reconciled with ours. Prints the figures and
 * exits non-zero if any difference remains.
 *   npm run soak -- --seconds 60 --kills 6 --clients 24
 * DATABASE_URL: the PostgreSQL server (default the local `test` database); the soak uses a database of its own.
 */
import { parseArgs } from "node:util";
import { and, eq, inArray, sql } from "drizzle-orm";
import { buildApp } from "../apps/server/src/app";
import { testConfig } from "../apps/server/src/config";
import { bids } from "../apps/server/src/db/schema/bids";
import { buildings, properties } from "../apps/server/src/db/schema/buildings";
import { purchases } from "../apps/server/src/db/schema/purchases";
import { importBuildings } from "../apps/server/src/modules/buildings/import-buildings";
import { parseFootprints } from "../apps/server/src/modules/buildings/parse-footprints";
import { checkLedger } from "../apps/server/src/modules/ledger/check-ledger";
import { reconcileWithProcessor } from "../apps/server/src/modules/money/reconcile-processor";
import { collection, giveBuilding, osmFeature } from "../apps/server/src/test/buildings";
import { addCard } from "../apps/server/src/test/cards";
import { createTestDatabase } from "../apps/server/src/test/database";
import { signUp, testAppOf } from "../apps/server/src/test/harness";
import {
  type ServerProcess,
  startServerProcess,
  unsettledOperations,
} from "../apps/server/src/test/server-process";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "60" },
    kills: { type: "string", default: "6" },
    clients: { type: "string", default: "24" },
    buildings: { type: "string", default: "20000" },
  },
});
const seconds = Number(values.seconds);
const kills = Number(values.kills);
const clients = Number(values.clients);
const buildingCount = Number(values.buildings);
const SECRET = "soak-session-secret-0123456789abcdefghij";

process.env.DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";
if (!process.env.DATABASE_URL.startsWith("postgres")) throw new Error("the soak runs on PostgreSQL");
const created = await createTestDatabase(process.env.DATABASE_URL);
const url = created.url ?? "";
const app = await buildApp({ config: testConfig({ sessionSecret: SECRET }), database: created.database });
await app.ready();
const t = testAppOf(app, () => app.close());
const db = app.deps.db;

console.log(`Setting up: ${buildingCount} buildings, 40 players with cards…`);
const ids = Array.from({ length: buildingCount }, (_, k) => `way/${800_000 + k}`);
const { records, format } = parseFootprints(
  collection(
    ids.map((id, k) =>
      osmFeature(id, -74.0 + (k % 100) * 0.0005, 40.7 + Math.floor(k / 100) * 0.0005, {
        levels: 2 + (k % 30),
      }),
    ),
  ),
);
await importBuildings(db, records, format);
const players: Awaited<ReturnType<typeof signUp>>[] = [];
for (let i = 0; i < 40; i++) {
  const player = await signUp(t);
  await addCard(t, player.token);
  players.push(player);
}
// A tenth of the buildings start owned and for sale, by the first ten players, to be bid on.
const listed = ids.filter((_, k) => k % 10 === 0);
for (const [k, id] of listed.entries()) {
  const seller = players[k % 10];
  if (!seller) continue;
  await giveBuilding(db, id, seller.userId, 400);
  await db.update(properties).set({ forSale: true, askCents: 500 }).where(eq(properties.buildingId, id));
}
const propertyIdOf = new Map(
  (await db.select({ id: properties.id, buildingId: properties.buildingId }).from(properties)).map((p) => [
    p.buildingId,
    p.id,
  ]),
);
const basePrice = new Map(
  (await db.select({ id: buildings.id, base: buildings.basePriceCents }).from(buildings)).map((b) => [
    b.id,
    b.base,
  ]),
);

let server: ServerProcess | null = null;
const counts = { requests: 0, ok: 0, refused: 0, serverErrors: 0, lost: 0, kills: 0, interruptedAtKill: 0 };
const refusals = new Map<string, number>();
const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T;

async function send(route: string, token: string, body: unknown) {
  const current = server;
  if (!current) return;
  counts.requests += 1;
  try {
    const res = await fetch(`${current.base}/api/v1/${route}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    await res.arrayBuffer();
    if (res.status >= 500) counts.serverErrors += 1;
    if (res.ok) counts.ok += 1;
    else {
      counts.refused += 1;
      const why = `${res.status} ${route}`;
      refusals.set(why, (refusals.get(why) ?? 0) + 1);
    }
  } catch {
    counts.lost += 1;
  }
}

async function client(until: number) {
  while (Date.now() < until) {
    if (!server) {
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    const player = pick(players);
    const roll = Math.random();
    if (roll < 0.6) {
      const id = pick(ids);
      await send("properties/buy", player.token, {
        buildingId: id,
        bidAmount: (basePrice.get(id) ?? 500) / 100,
      });
    } else if (roll < 0.9) {
      const id = pick(listed);
      await send("properties/submit-bid", player.token, {
        propertyId: propertyIdOf.get(id),
        bidAmount: 5 + Math.floor(Math.random() * 500) / 100 + 0.01,
      });
    } else {
      const [bid] = await db
        .select({ id: bids.id, ownerId: bids.ownerId })
        .from(bids)
        .where(eq(bids.status, "pending"))
        .orderBy(sql`random()`)
        .limit(1);
      const owner = players.find((p) => p.userId === bid?.ownerId);
      if (bid && owner) await send("properties/accept-bid", owner.token, { bidId: bid.id });
    }
  }
}

const start = () =>
  startServerProcess({ databaseUrl: url, sessionSecret: SECRET, env: { MONEY_RECOVERY_AFTER_SECONDS: "5" } });

console.log(`Soaking for ${seconds} s with ${clients} clients and ${kills} SIGKILLs at random moments…`);
const until = Date.now() + seconds * 1000;
server = await start();
const load = Promise.all(Array.from({ length: clients }, () => client(until)));
const killer = (async () => {
  for (let k = 0; k < kills; k++) {
    const wait = ((until - Date.now()) / (kills - k)) * (0.5 + Math.random() * 0.5);
    await new Promise((r) => setTimeout(r, Math.max(0, wait)));
    if (Date.now() >= until || !server) break;
    const victim = server;
    server = null;
    victim.child.kill("SIGKILL");
    await victim.exited;
    counts.kills += 1;
    counts.interruptedAtKill += await unsettledOperations(db);
    server = await start();
  }
})();
await Promise.all([load, killer]);
const last = server as ServerProcess | null;
last?.child.kill("SIGKILL");
await last?.exited;
const leftAtEnd = await unsettledOperations(db);

console.log("Starting a last server to recover what the final kill left…");
const recovering = await startServerProcess({ databaseUrl: url, sessionSecret: SECRET });
const deadline = Date.now() + 120_000;
while ((await unsettledOperations(db)) > 0 && Date.now() < deadline)
  await new Promise((r) => setTimeout(r, 500));
recovering.child.kill("SIGTERM");
await recovering.exited;

const unsettled = await unsettledOperations(db);
const ledger = await checkLedger(db);
const differences = await reconcileWithProcessor(db, app.deps.gateway, {
  createdFrom: new Date(0),
  createdTo: new Date(),
});
const [done] = await db
  .select({
    completed: sql<number>`count(*) filter (where ${purchases.status} = 'completed')::int`,
    failed: sql<number>`count(*) filter (where ${purchases.status} = 'failed')::int`,
    refunded: sql<number>`count(*) filter (where ${purchases.status} = 'refunded')::int`,
  })
  .from(purchases);
const bidStates = await db
  .select({ status: bids.status, n: sql<number>`count(*)::int` })
  .from(bids)
  .where(inArray(bids.status, ["pending", "accepted", "failed", "replaced", "released"]))
  .groupBy(bids.status);
const owned = await db
  .select({ n: sql<number>`count(*)::int` })
  .from(properties)
  .where(and(sql`${properties.ownerId} is not null`, inArray(properties.buildingId, ids)));

console.log(`
Requests sent:                 ${counts.requests} (${counts.ok} succeeded, ${counts.refused} refused, ${counts.lost} lost to a kill)
Refusals:                      ${[...refusals]
  .sort((a, b) => b[1] - a[1])
  .map(([why, n]) => `${n} × ${why}`)
  .join(", ")}
Server processes killed:       ${counts.kills} (SIGKILL), plus the last one at the end
Operations caught mid-way:     ${counts.interruptedAtKill} at the kills, ${leftAtEnd} after the last; all recovered by the restarted servers: ${unsettled === 0 ? "yes" : `no, ${unsettled} left`}
Purchases:                     ${done?.completed} completed, ${done?.failed} failed, ${done?.refunded} refunded
Bids:                          ${bidStates.map((b) => `${b.n} ${b.status}`).join(", ")}
Buildings owned:               ${owned[0]?.n}
Ledger problems:               ${ledger.length}${ledger.length ? `\n  ${ledger.join("\n  ")}` : ""}
Processor differences:         ${differences.length}${differences.length ? `\n  ${differences.slice(0, 20).join("\n  ")}` : ""}`);

await t.close();
await created.drop();
process.exit(ledger.length + differences.length + unsettled > 0 ? 1 : 0);
