import { queryRows } from "@mx/kit/sql";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { databaseBefore } from "../test/migrations";
import type { Database } from "./client";

/** The product migration that parted a building's value from its ask and kept names with journals. */
const VALUES = 33;

const BUYER = "00000000-0000-4000-8000-0000000000b1";
const SELLER = "00000000-0000-4000-8000-0000000000c1";
const PURCHASE = "00000000-0000-4000-8000-0000000000d1";
const BID = "00000000-0000-4000-8000-0000000000e1";
const DEVELOPMENT = "00000000-0000-4000-8000-0000000000f1";

describe("a database from before values and asks were apart", () => {
  let database: Database | null = null;
  afterEach(async () => {
    await database?.close();
    database = null;
  });

  it("gives a listed building back its value, keeps its ask, marks development points and names old journals", async () => {
    database = await databaseBefore(VALUES);
    const db = database.db;
    await db.execute(sql`
      insert into users (id, email, user_name, full_name, building_color) values
        (${BUYER}, 'b@example.com', 'buyer', 'Buyer', '#112233'),
        (${SELLER}, 's@example.com', 'seller', 'Seller', '#445566')`);
    await db.execute(sql`
      insert into buildings (id, name, address, lat, lng, footprint, height_m, floors, floor_area_sqft,
        base_price_cents, source) values
        ('way/1', 'Old Name Tower', '1 Test Street', 40.75, -73.98, '{"type":"Polygon","coordinates":[]}', 10, 3, 1000, 10000, 'osm'),
        ('way/2', null, '2 Test Street', 40.75, -73.98, '{"type":"Polygon","coordinates":[]}', 10, 3, 1000, 20000, 'osm'),
        ('way/3', null, null, 40.75, -73.98, '{"type":"Polygon","coordinates":[]}', 10, 3, 1000, 30000, 'osm')`);
    // way/1: bought for $120, developed (+$12) and now listed at $5,000 with the ask in price_cents. way/2: never
    // listed. way/3: listed without any history at $900.
    const completed = "2026-01-02T10:00:00Z";
    await db.execute(sql`
      insert into properties (building_id, owner_id, custom_name, price_cents, for_sale, development_level) values
        ('way/1', ${SELLER}, 'My Tower', 500000, true, 1),
        ('way/2', ${BUYER}, null, 20000, false, 0),
        ('way/3', ${SELLER}, null, 90000, true, 0)`);
    await db.execute(sql`
      insert into price_history (building_id, price_cents, created_at) values
        ('way/1', 12000, '2026-01-01T10:00:00Z'), ('way/1', 13200, ${completed})`);
    await db.execute(sql`
      insert into purchases (id, user_id, building_id, price_cents, total_cents, status)
      values (${PURCHASE}, ${SELLER}, 'way/1', 12000, 12899, 'completed')`);
    await db.execute(sql`
      insert into developments (id, user_id, building_id, kind, level, cost_cents, total_cents, state,
        duration_seconds, completes_at)
      values (${DEVELOPMENT}, ${SELLER}, 'way/1', 'facade', 1, 1200, 2099, 'completed', 3600, ${completed})`);
    await db.execute(sql`
      insert into bids (id, building_id, bidder_id, owner_id, amount_cents, total_cents, status, expires_at,
        building_name)
      values (${BID}, 'way/2', ${BUYER}, ${SELLER}, 20000, 20899, 'accepted', now(), 'Seller''s Name')`);
    await db.execute(sql`
      insert into ledger_journals (id, kind, reference) values
        (gen_random_uuid(), 'purchase', ${PURCHASE}),
        (gen_random_uuid(), 'development', ${DEVELOPMENT}),
        (gen_random_uuid(), 'sale', ${BID}),
        (gen_random_uuid(), 'payout', 'some-payout')`);

    await database.migrate();

    const props = await queryRows<{ building_id: string; price_cents: number; ask_cents: number | null }>(
      db,
      sql`select building_id, price_cents, ask_cents from properties order by building_id`,
    );
    expect(props).toEqual([
      // Its value is its last point (the development's), its ask what it asked.
      { building_id: "way/1", price_cents: 13200, ask_cents: 500000 },
      { building_id: "way/2", price_cents: 20000, ask_cents: null },
      // No history: the game's price.
      { building_id: "way/3", price_cents: 30000, ask_cents: 90000 },
    ]);
    const points = await queryRows<{ price_cents: number; kind: string }>(
      db,
      sql`select price_cents, kind from price_history order by created_at`,
    );
    expect(points).toEqual([
      { price_cents: 12000, kind: "trade" },
      { price_cents: 13200, kind: "development" },
    ]);
    const journals = await queryRows<{
      kind: string;
      building_id: string | null;
      building_name: string | null;
    }>(db, sql`select kind, building_id, building_name from ledger_journals order by kind`);
    expect(journals).toEqual([
      // The owner's name while they still own it; a purchase from the game had none; a sale keeps its bid's.
      { kind: "development", building_id: "way/1", building_name: "My Tower" },
      { kind: "payout", building_id: null, building_name: null },
      { kind: "purchase", building_id: "way/1", building_name: "Old Name Tower" },
      { kind: "sale", building_id: "way/2", building_name: "Seller's Name" },
    ]);
    // From now on, a listed building has its ask.
    await expect(
      db.execute(sql`update properties set for_sale = true, ask_cents = null where building_id = 'way/2'`),
    ).rejects.toThrow();
  });
});
