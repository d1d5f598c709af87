import { fork } from "node:child_process";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { queryRows } from "@mx/kit/sql";
import { sql } from "drizzle-orm";
import type { AppDeps } from "../apps/server/src/deps";
import { batchCountsOf } from "../apps/server/src/lib/batch-counts";
import { importFile } from "../apps/server/src/modules/buildings/import-buildings";
import { checkLedger } from "../apps/server/src/modules/ledger/check-ledger";
import { addCard } from "../apps/server/src/test/cards";
import { signUp, type TestApp } from "../apps/server/src/test/harness";
import { SHARED_DATA_DIR } from "../apps/server/src/test/shared-data";
import { cpuPer } from "./cpu";
import type { PostResult, PostRun } from "./market-clients";
import { measure, report } from "./measure";

/**
 * Completed purchases per second: distinct unowned buildings, the sandbox gateway charging a card each time, the
 * whole path of POST properties/buy (auth, Idempotency-Key, validation, reservation, charge, ownership, ledger,
 * the live announcement) through app.inject().
 * Afterwards it counts what the run left behind (purchases, charges, journals) and checks the ledger, so a figure
 * is only printed for purchases that really happened.
 */
export async function marketFigures(
  t: TestApp,
  { purchases = 3000, runs = [32, 1] }: { purchases?: number; runs?: number[] } = {},
) {
  const db = t.app.deps.db;
  await importFile(db, path.join(SHARED_DATA_DIR, "midtown-buildings.geojson"));
  const free = await queryRows<{ id: string; base: number }>(
    db,
    sql`select p.building_id as id, b.base_price_cents as base from properties p
        join buildings b on b.id = p.building_id
        where p.owner_id is null and not p.for_sale order by p.building_id`,
  );
  const buyers = await Promise.all(Array.from({ length: 64 }, () => signUp(t)));
  for (const b of buyers) await addCard(t, b.token);
  let next = 0;
  for (const concurrency of runs) {
    const count = Math.min(concurrency === 1 ? Math.ceil(purchases / 10) : purchases, free.length - next);
    const offset = next;
    next += count;
    const batches0 = reserved(t.app.deps);
    const { line } = await cpuPer(count, t.app.deps.database.kind === "postgres", () =>
      measure(`POST properties/buy (distinct buildings, sandbox card)`, { count, concurrency }, async (i) => {
        const building = free[offset + i];
        const buyer = buyers[i % buyers.length];
        const res = await t.call("POST", "/api/v1/properties/buy", {
          token: buyer?.token,
          body: { buildingId: building?.id, bidAmount: (building?.base ?? 0) / 100, isApplePay: false },
          // As the web app sends it: the key is claimed before the purchase and the reply kept after it.
          headers: { "idempotency-key": `bench-${offset + i}` },
        });
        if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      }),
    );
    console.log(`  ${line}; ${perBatch(batches0, reserved(t.app.deps))}`);
  }
  // The same over HTTP: the server listening on a port, the clients in a process of their own (on the same two
  // cores, so they take CPU from the server and the database).
  const count = Math.min(purchases, free.length - next);
  const offset = next;
  next += count;
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as AddressInfo;
  const concurrency = 32;
  const batches0 = reserved(t.app.deps);
  const { line } = await cpuPer(count, t.app.deps.database.kind === "postgres", async () => {
    const result = await postFromAnotherProcess({
      url: `http://127.0.0.1:${port}`,
      path: "/api/v1/properties/buy",
      concurrency,
      requests: Array.from({ length: count }, (_, i) => {
        const building = free[offset + i];
        return {
          token: buyers[i % buyers.length]?.token ?? "",
          body: { buildingId: building?.id, bidAmount: (building?.base ?? 0) / 100, isApplePay: false },
          key: `bench-http-${i}`,
        };
      }),
    });
    report("POST properties/buy over HTTP (keep-alive)", { ...result, concurrency });
  });
  console.log(`  ${line} (the clients' own CPU not counted); ${perBatch(batches0, reserved(t.app.deps))}`);
  const [left] = await queryRows<{ owned: number; completed: number; charges: number; journals: number }>(
    db,
    sql`select
      (select count(*)::int from properties where owner_id is not null) as owned,
      (select count(*)::int from purchases where status = 'completed') as completed,
      (select count(*)::int from sandbox.payment_intents where status = 'succeeded') as charges,
      (select count(*)::int from ledger_journals where kind = 'purchase') as journals`,
  );
  const problems = await checkLedger(db);
  console.log(
    `  afterwards: ${left?.owned} buildings owned, ${left?.completed} purchases completed, ${left?.charges} charges, ${left?.journals} purchase journals; ledger ${problems.length === 0 ? "balanced" : `PROBLEMS: ${problems.slice(0, 3).join("; ")}`}`,
  );
}

/** The purchases' reserving batches so far. */
const reserved = (deps: AppDeps) => batchCountsOf(deps, "purchase")?.reserve ?? { batches: 0, items: 0 };

function perBatch(before: { batches: number; items: number }, after: { batches: number; items: number }) {
  const batches = after.batches - before.batches;
  const items = after.items - before.items;
  return `${(items / Math.max(1, batches)).toFixed(1)} purchases per batch on average`;
}

/** Sends `run`'s POSTs from a process of its own (market-clients.ts); their latencies, or the first failure thrown. */
export function postFromAnotherProcess(run: PostRun): Promise<PostResult> {
  const clients = fork(path.join(import.meta.dirname, "market-clients.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const done = new Promise<PostResult & { failure: string | null }>((resolve, reject) => {
    clients.once("message", resolve as (message: unknown) => void);
    clients.once("exit", (code) => reject(new Error(`the clients stopped (${code})`)));
  });
  clients.send(run);
  return done.then(({ failure, ...result }) => {
    if (failure) throw new Error(failure);
    return result;
  });
}
