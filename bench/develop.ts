import { queryRows } from "@mx/kit/sql";
import { sql } from "drizzle-orm";
import { testConfig } from "../apps/server/src/config";
import { batchCountsOf } from "../apps/server/src/lib/batch-counts";
import { importIslandFile } from "../apps/server/src/modules/buildings/import-buildings";
import { checkLedger } from "../apps/server/src/modules/ledger/check-ledger";
import { addCard } from "../apps/server/src/test/cards";
import { signUp, type TestApp } from "../apps/server/src/test/harness";
import { cpuPer } from "./cpu";
import { postFromAnotherProcess } from "./market";
import { measure, printFigures, report } from "./measure";
import { load } from "./served-hot-reads";

/**
 * Developments: POST properties/develop for distinct buildings (each owned by one of 64 players with a card), the
 * whole path (auth, Idempotency-Key, validation, the reservation under the building's lock, the sandbox charge,
 * construction started with its journal, the live event) through app.inject(); then the map overlay with
 * `mapBuildings` buildings developed or under construction: its compressed size and how fast it is served, through
 * app.inject() and then over HTTP to a load from another process (16 keep-alive connections, as a player's map
 * asks for it: brotli).
 * Afterwards it counts what the run left behind and checks the ledger, so a figure is only printed for
 * developments that really happened.
 */
export async function developFigures(
  t: TestApp,
  { developments = 3000, mapBuildings = 20_000 }: { developments?: number; mapBuildings?: number } = {},
) {
  const db = t.app.deps.db;
  await importIslandFile(db, testConfig().islandFile);
  const owners = await Promise.all(Array.from({ length: 64 }, () => signUp(t)));
  for (const o of owners) await addCard(t, o.token);
  const ids = JSON.stringify(owners.map((o) => o.userId));
  // Every building owned, round robin, at $100 to $1,000, none for sale: any of them can be developed.
  await db.execute(sql`
    with o as (select value::uuid as id, ordinality - 1 as k from json_array_elements_text(${ids}::json) with ordinality),
         q as (select id, row_number() over (order by building_id) as rn from properties)
    update properties p set owner_id = o.id, price_cents = 10000 + (q.rn % 10) * 10000, for_sale = false, sales = 1
    from q join o on o.k = q.rn % 64
    where p.id = q.id`);
  const targets = await queryRows<{ building_id: string; owner_id: string }>(
    db,
    sql`select building_id, owner_id::text from properties order by building_id limit ${developments * 2}`,
  );
  const tokenOf = new Map(owners.map((o) => [o.userId, o.token]));
  const concurrency = 32;
  const { line } = await cpuPer(
    developments,
    t.app.deps.database.kind === "postgres",
    () =>
      measure(
        "POST properties/develop (distinct buildings, card)",
        { count: developments, concurrency },
        async (i) => {
          const target = targets[i];
          const res = await t.call("POST", "/api/v1/properties/develop", {
            token: tokenOf.get(target?.owner_id ?? ""),
            body: { propertyId: target?.building_id, kind: "facade" },
            headers: { "idempotency-key": `bench-develop-${i}` },
          });
          if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
        },
      ),
    "development",
  );
  const batches = batchCountsOf(t.app.deps, "development");
  const perBatch = (step: { batches: number; items: number } | undefined) =>
    step ? (step.items / Math.max(1, step.batches)).toFixed(1) : "-";
  console.log(
    `  ${line}; developments per batch on average: reserve ${perBatch(batches?.reserve)}, note ${perBatch(batches?.note)}, settle ${perBatch(batches?.settle)}`,
  );
  // The same over HTTP, as players send them: the app listening on a port, the clients in a process of their own
  // (on the same two cores), the next `developments` buildings.
  const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  const overHttp = await cpuPer(
    developments,
    t.app.deps.database.kind === "postgres",
    async () => {
      const result = await postFromAnotherProcess({
        url: address,
        path: "/api/v1/properties/develop",
        concurrency,
        requests: targets.slice(developments).map((target, i) => ({
          token: tokenOf.get(target.owner_id) ?? "",
          body: { propertyId: target.building_id, kind: "facade" },
          key: `bench-develop-http-${i}`,
        })),
      });
      report("POST properties/develop over HTTP (keep-alive)", { ...result, concurrency });
    },
    "development",
  );
  const after = batchCountsOf(t.app.deps, "development");
  const delta = (step: "reserve" | "note" | "settle") => {
    const a = after?.[step];
    const b = batches?.[step];
    return a && b ? perBatch({ batches: a.batches - b.batches, items: a.items - b.items }) : "-";
  };
  console.log(
    `  ${overHttp.line} (the clients' own CPU not counted); per batch: reserve ${delta("reserve")}, note ${delta("note")}, settle ${delta("settle")}`,
  );
  const [left] = await queryRows<{ constructing: number; charges: number; journals: number }>(
    db,
    sql`select
      (select count(*)::int from developments where state = 'constructing') as constructing,
      (select count(*)::int from sandbox.payment_intents where status = 'succeeded') as charges,
      (select count(*)::int from ledger_journals where kind = 'development') as journals`,
  );
  const problems = await checkLedger(db);
  console.log(
    `  afterwards: ${left?.constructing} constructions running, ${left?.charges} charges, ${left?.journals} development journals; ledger ${problems.length === 0 ? "balanced" : `PROBLEMS: ${problems.slice(0, 3).join("; ")}`}`,
  );

  // The overlay: `mapBuildings` buildings with a level, one in eight of them under construction.
  await db.execute(sql`
    with q as (select id, row_number() over (order by building_id) as rn from properties)
    update properties p set
      development_level = case when q.rn <= ${mapBuildings} then 1 + (q.rn % 4) else 0 end,
      constructing_until = case when q.rn <= ${mapBuildings} and q.rn % 8 = 0 and q.rn % 4 <> 3
        then now() + interval '1 day' else null end
    from q where p.id = q.id`);
  for (const encoding of ["br", "gzip"]) {
    for (const form of ["", "?encoding=delta"]) {
      const res = await t.call("GET", `/api/v1/map/state${form}`, {
        headers: { "accept-encoding": encoding },
      });
      if (res.statusCode !== 200) throw new Error(res.body);
      console.log(
        `  map/state${form.padEnd(16)} ${mapBuildings.toLocaleString("en-US")} developed, every building owned, ${encoding.padEnd(5)} ${(res.rawPayload.length / 1024).toFixed(1).padStart(7)} KB`,
      );
    }
  }
  for (const form of ["", "?encoding=delta"]) {
    await measure(
      `GET map/state${form} (${mapBuildings.toLocaleString("en-US")} developed)`,
      { count: 2000, concurrency: 16 },
      async () => {
        const res = await t.call("GET", `/api/v1/map/state${form}`, { headers: { "accept-encoding": "br" } });
        if (res.statusCode !== 200) throw new Error(res.body);
      },
    );
  }
  // As players get it: over HTTP, the load from a process of its own.
  for (const form of ["", "?encoding=delta"]) {
    const result = await load(
      {
        url: `${address}/api/v1/map/state${form}`,
        headers: { "accept-encoding": "br" },
        connections: 16,
        warmupSeconds: 1,
        seconds: 5,
      },
      process.pid,
    );
    if (result.failure) throw new Error(`map/state${form}: ${result.failure}`);
    printFigures(`GET map/state${form} over HTTP (another process)`, { ...result, concurrency: 16 });
  }
}
