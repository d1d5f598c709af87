import path from "node:path";
import { sql } from "drizzle-orm";
import { testConfig } from "../apps/server/src/config";
import { importFile } from "../apps/server/src/modules/buildings/import-buildings";
import { addCard } from "../apps/server/src/test/cards";
import { signUp, type TestApp } from "../apps/server/src/test/harness";
import { measure } from "./measure";

/**
 * Completed purchases per second: distinct unowned buildings, the sandbox gateway charging a card each time, the
 * whole path of POST properties/buy (auth, validation, reservation, charge, ownership, ledger) through app.inject().
 */
export async function marketFigures(t: TestApp, { purchases = 3000, concurrency = 32 } = {}) {
  const db = t.app.deps.db;
  await importFile(db, path.join(testConfig().mapDataDir, "midtown-buildings.geojson"));
  const rows = (await db.execute(sql`
    select p.building_id as id, b.base_price_cents as base from properties p join buildings b on b.id = p.building_id
    where p.owner_id is null and not p.for_sale order by p.building_id limit ${purchases}`)) as unknown as {
    rows?: { id: string; base: number }[];
  } & { id: string; base: number }[];
  const free = rows.rows ?? rows;
  const buyers = await Promise.all(Array.from({ length: 64 }, () => signUp(t)));
  for (const b of buyers) await addCard(t, b.token);
  const count = Math.min(purchases, free.length);
  const result = await measure(
    `POST properties/buy (distinct buildings, sandbox card)`,
    { count, concurrency },
    async (i) => {
      const building = free[i];
      const buyer = buyers[i % buyers.length];
      const res = await t.call("POST", "/api/v1/properties/buy", {
        token: buyer?.token,
        body: { buildingId: building?.id, bidAmount: (building?.base ?? 0) / 100, isApplePay: false },
      });
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    },
  );
  const [owned] = (
    (await db.execute(
      sql`select count(*)::int as n from properties where owner_id is not null`,
    )) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  console.log(`  buildings owned after the run: ${owned?.n}`);
  return result;
}
