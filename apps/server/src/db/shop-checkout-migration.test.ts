import { queryRows } from "@mx/kit/sql";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { databaseBefore } from "../test/migrations";
import type { Database } from "./client";

/** The product migration that put shop checkouts on the money skeleton (a state and a processor key). */
const STATES = 32;

describe("shop checkouts written before they had states", () => {
  let database: Database | null = null;
  afterEach(async () => {
    await database?.close();
    database = null;
  });

  it("are open, or ordered where their order exists, each with the key it was opened under", async () => {
    database = await databaseBefore(STATES);
    await database.db.execute(sql`
      insert into shop_checkouts (session_id, provider, email, lines, amount_cents) values
        ('cs_test_paid', 'sandbox', 'paid@example.com', '[]', 1000),
        ('cs_test_waiting', 'sandbox', 'waiting@example.com', '[]', 2000)`);
    await database.db.execute(sql`
      insert into shop_orders (id, checkout_session_id, provider, email, amount_cents, currency, status)
      values ('00000000-0000-4000-8000-000000000001', 'cs_test_paid', 'sandbox', 'paid@example.com', 1000, 'usd',
        'paid')`);

    await database.migrate();

    const rows = await queryRows<{ session_id: string; state: string; processor_key: string; id: string }>(
      database.db,
      sql`select session_id, state::text as state, processor_key, id::text as id from shop_checkouts order by 1`,
    );
    expect(rows.map(({ id, ...rest }) => rest)).toEqual([
      { session_id: "cs_test_paid", state: "ordered", processor_key: "shop:cs_test_paid" },
      { session_id: "cs_test_waiting", state: "open", processor_key: "shop:cs_test_waiting" },
    ]);
    for (const row of rows) expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
    // A new checkout names its state; none is assumed.
    await expect(
      database.db.execute(sql`
        insert into shop_checkouts (processor_key, provider, email, lines, amount_cents)
        values ('shop:x', 'sandbox', 'x@example.com', '[]', 1)`),
    ).rejects.toThrow();
  });
});
