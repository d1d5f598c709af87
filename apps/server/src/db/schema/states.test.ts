import { queryRows } from "@mx/kit/sql";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importSampleCity } from "../../test/buildings";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { OUTBOX_KINDS, OUTBOX_STATES } from "./outbox";
import {
  ACCOUNT_REFUND_STATES,
  BID_ROW_STATUSES,
  OFFER_COMPLETION_STATUSES,
  PAYMENT_INTENT_STATUSES,
  PAYOUT_STATES,
  PURCHASE_STATUSES,
  SHOP_ORDER_STATUSES,
} from "./states";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importSampleCity(t.app.deps.db);
});
afterAll(() => t.close());

describe("the states money moves through", () => {
  it("are enums in the database with exactly the values the code knows", async () => {
    const rows = await queryRows<{ type: string; labels: string[] }>(
      t.app.deps.db,
      sql`select t.typname as type, array_agg(e.enumlabel::text order by e.enumsortorder) as labels
          from pg_type t join pg_enum e on e.enumtypid = t.oid
          join pg_namespace n on n.oid = t.typnamespace and n.nspname = 'public'
          group by t.typname`,
    );
    const byType = new Map(rows.map((r) => [r.type, r.labels]));
    expect(byType.get("purchase_status")).toEqual([...PURCHASE_STATUSES]);
    expect(byType.get("bid_status")).toEqual([...BID_ROW_STATUSES]);
    expect(byType.get("payout_state")).toEqual([...PAYOUT_STATES]);
    expect(byType.get("account_refund_state")).toEqual([...ACCOUNT_REFUND_STATES]);
    expect(byType.get("offer_completion_status")).toEqual([...OFFER_COMPLETION_STATUSES]);
    expect(byType.get("shop_order_status")).toEqual([...SHOP_ORDER_STATUSES]);
    expect(byType.get("payment_intent_status")).toEqual([...PAYMENT_INTENT_STATUSES]);
    expect(byType.get("outbox_state")).toEqual([...OUTBOX_STATES]);
    expect(byType.get("outbox_kind")).toEqual([...OUTBOX_KINDS]);
  });

  it("refuse a state nobody knows, and take a known one", async () => {
    const player = await signUp(t);
    const [building] = await queryRows<{ id: string }>(t.app.deps.db, sql`select id from buildings limit 1`);
    const insert = (status: string) =>
      t.app.deps.db.execute(
        sql`insert into purchases (id, user_id, building_id, price_cents, total_cents, status)
            values (gen_random_uuid(), ${player.userId}, ${building?.id}, 100, 999, ${status})`,
      );
    await expect(insert("paid-maybe")).rejects.toThrow();
    await insert("failed");
    const [row] = await queryRows<{ n: number }>(
      t.app.deps.db,
      sql`select count(*)::int as n from purchases where user_id = ${player.userId}`,
    );
    expect(row?.n).toBe(1);
  });
});
