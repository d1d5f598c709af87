import { queryRows } from "@mx/kit/sql";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importSampleCity } from "../../test/buildings";
import { createTestApp, signUp, type TestApp } from "../../test/harness";

let t: TestApp;
let buyer: string;
let buildings: { id: string; neighborhood: string | null; floor_area_sqft: number }[];
beforeAll(async () => {
  t = await createTestApp();
  await importSampleCity(t.app.deps.db);
  buyer = (await signUp(t)).userId;
  buildings = await queryRows(
    t.app.deps.db,
    sql`select id, neighborhood, floor_area_sqft from buildings order by id limit 3`,
  );
});
afterAll(() => t.close());

const run = (query: ReturnType<typeof sql>) => t.app.deps.db.execute(query);
const tradesOf = (ids: string[]) =>
  queryRows<{
    id: string;
    building_id: string;
    neighborhood: string | null;
    floor_area_sqft: number;
    price_cents: number;
    at: string;
    kind: string;
    seller_id: string | null;
    buyer_id: string | null;
  }>(
    t.app.deps.db,
    sql`select id::text, building_id, neighborhood, floor_area_sqft, price_cents, at::text, kind,
      seller_id::text, buyer_id::text from trades
      where id = any(array(select json_array_elements_text(${JSON.stringify(ids)}::json)::uuid)) order by building_id`,
  );
const pending = async (buildingId: string, priceCents: number) => {
  const [row] = await queryRows<{ id: string }>(
    t.app.deps.db,
    sql`insert into purchases (id, user_id, building_id, price_cents, total_cents, status)
      values (gen_random_uuid(), ${buyer}, ${buildingId}, ${priceCents}, ${priceCents + 99}, 'pending')
      returning id::text`,
  );
  if (!row) throw new Error("no purchase");
  return row.id;
};

describe("a purchase's trade", () => {
  it("appears for every purchase one statement completes, and goes when the purchase is no longer completed", async () => {
    const [a, b, c] = buildings;
    if (!a || !b || !c) throw new Error("the sample city has too few buildings");
    const ids = [await pending(a.id, 1_000_00), await pending(b.id, 2_000_00), await pending(c.id, 3_000_00)];
    expect(await tradesOf(ids)).toEqual([]);

    // Two of the three completed by one statement, as a batch of purchases is: two trades, each with its building's
    // neighbourhood and floor area, its price, the time of its completion and its buyer.
    const [first, second, third] = ids as [string, string, string];
    await run(sql`update purchases set status = 'completed', updated_at = '2026-11-01T12:00:00Z'
      where id in (${first}::uuid, ${second}::uuid)`);
    expect(await tradesOf(ids)).toEqual(
      [
        { id: first, building: a, price: 1_000_00 },
        { id: second, building: b, price: 2_000_00 },
      ].map(({ id, building, price }) => ({
        id,
        building_id: building.id,
        neighborhood: building.neighborhood,
        floor_area_sqft: building.floor_area_sqft,
        price_cents: price,
        at: "2026-11-01 12:00:00+00",
        kind: "first-sale",
        seller_id: null,
        buyer_id: buyer,
      })),
    );

    // A completed purchase changed again keeps one trade, brought up to date; one refunded loses it; one that
    // fails while pending never had one.
    await run(sql`update purchases set updated_at = '2026-11-02T08:30:00Z' where id = ${first}::uuid`);
    await run(sql`update purchases set status = 'refunded' where id = ${second}::uuid`);
    await run(sql`update purchases set status = 'failed' where id = ${third}::uuid`);
    const left = await tradesOf(ids);
    expect(left.map((trade) => [trade.id, trade.at])).toEqual([[first, "2026-11-02 08:30:00+00"]]);

    // Deleted, it goes too.
    await run(sql`delete from purchases where id = ${first}::uuid`);
    expect(await tradesOf(ids)).toEqual([]);
  });
});
