import { queryRows } from "@mx/kit/sql";
import { INTENT_STATUSES } from "@mx/processors/gateway";
import { migrateSandbox } from "@mx/sandbox/migrate";
import {
  CHECKOUT_PAYMENT_STATUSES,
  CHECKOUT_STATUSES,
  noticeKind,
  noticeState,
  PAYOUT_STATUSES,
  PAYPAL_AUTHORIZATION_STATUSES,
  PAYPAL_BATCH_STATUSES,
  PAYPAL_CAPTURE_STATUSES,
  PAYPAL_ITEM_STATUSES,
  PAYPAL_ORDER_STATUSES,
  POSTBACK_STATES,
  paypalDisputeStatus,
  sandboxDisputeStatus,
} from "@mx/sandbox/schema";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { databaseBefore } from "../test/migrations";
import { type Database, openDatabase } from "./client";

/** The product migration that moved the sandbox's tables out of the product's schema. */
const LEAVING = 31;

const tables = async (database: Database, schema: string) =>
  (
    await queryRows<{ name: string }>(
      database.db,
      sql`select table_name as name from information_schema.tables where table_schema = ${schema} order by 1`,
    )
  )
    .map((row) => row.name)
    .sort();

describe("the sandbox's own tables", () => {
  let database: Database | null = null;
  afterEach(async () => {
    await database?.close();
    database = null;
  });

  it("live in the sandbox schema, and a database the sandbox never ran on has none", async () => {
    database = await openDatabase({ kind: "pglite", dataDir: null });
    await database.migrate();
    expect(await tables(database, "sandbox")).toEqual([]);
    expect((await tables(database, "public")).filter((name) => name.startsWith("sandbox"))).toEqual([]);

    await migrateSandbox(database);
    await migrateSandbox(database);
    expect(await tables(database, "sandbox")).toEqual([
      "accounts",
      "card_credits",
      "checkout_sessions",
      "customers",
      "disputes",
      "external_accounts",
      "fraud_warnings",
      "notices",
      "offer_postbacks",
      "payment_intents",
      "payment_methods",
      "payouts",
      "paypal_disputes",
      "paypal_orders",
      "paypal_payouts",
      "paypal_refunds",
      "refunds",
      "tokens",
      "transfer_reversals",
      "transfers",
    ]);
  });

  it("carry over what a database made before the move held, and drop the empty leftovers", async () => {
    database = await databaseBefore(LEAVING);
    await database.db.execute(sql`
      insert into sandbox_customers (id, email, name, user_id) values ('cus_1', 'ann@example.com', 'Ann', 'u1')`);
    await database.db.execute(sql`
      insert into sandbox_payment_intents (id, client_secret, amount_cents, captured_cents, currency, capture_method,
        status, metadata, idempotency_key, capture_key)
      values ('pi_1', 'pi_1_secret', 1250, 1250, 'usd', 'automatic', 'succeeded', '{"purchase":"p1"}', 'k1', null)`);

    await database.migrate();
    expect((await tables(database, "public")).filter((name) => name.startsWith("sandbox"))).toEqual([]);
    await migrateSandbox(database);

    expect(await tables(database, "sandbox_previous")).toEqual([]);
    expect(await queryRows(database.db, sql`select id, email, name, user_id from sandbox.customers`)).toEqual(
      [{ id: "cus_1", email: "ann@example.com", name: "Ann", user_id: "u1" }],
    );
    expect(
      await queryRows(
        database.db,
        sql`select id, amount_cents, captured_cents, status, metadata, idempotency_key from sandbox.payment_intents`,
      ),
    ).toEqual([
      {
        id: "pi_1",
        amount_cents: 1250,
        captured_cents: 1250,
        status: "succeeded",
        metadata: { purchase: "p1" },
        idempotency_key: "k1",
      },
    ]);
    expect(await tables(database, "sandbox")).toContain("refunds");
  });

  it("keep their states as enums of the sandbox schema, with exactly the values the code knows", async () => {
    database = await openDatabase({ kind: "pglite", dataDir: null });
    await database.migrate();
    await migrateSandbox(database);
    const rows = await queryRows<{ type: string; labels: string[] }>(
      database.db,
      sql`select t.typname as type, array_agg(e.enumlabel::text order by e.enumsortorder) as labels
          from pg_type t join pg_enum e on e.enumtypid = t.oid
          join pg_namespace n on n.oid = t.typnamespace and n.nspname = 'sandbox'
          group by t.typname order by 1`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.type, r.labels]))).toEqual({
      checkout_payment_status: [...CHECKOUT_PAYMENT_STATUSES],
      checkout_status: [...CHECKOUT_STATUSES],
      dispute_status: [...sandboxDisputeStatus.enumValues],
      notice_kind: [...noticeKind.enumValues],
      notice_state: [...noticeState.enumValues],
      payment_intent_status: [...INTENT_STATUSES],
      payout_status: [...PAYOUT_STATUSES],
      paypal_authorization_status: [...PAYPAL_AUTHORIZATION_STATUSES],
      paypal_batch_status: [...PAYPAL_BATCH_STATUSES],
      paypal_capture_status: [...PAYPAL_CAPTURE_STATUSES],
      paypal_dispute_status: [...paypalDisputeStatus.enumValues],
      paypal_item_status: [...PAYPAL_ITEM_STATUSES],
      paypal_order_status: [...PAYPAL_ORDER_STATUSES],
      postback_state: [...POSTBACK_STATES],
    });
    const columns = await queryRows<{ name: string }>(
      database.db,
      sql`select table_name || '.' || column_name as name from information_schema.columns
          where table_schema = 'sandbox' and data_type = 'text' and column_name like '%status' order by 1`,
    );
    expect(columns).toEqual([]);

    const payout = (status: string) =>
      database?.db.execute(sql`
        insert into sandbox.payouts (id, account_id, amount_cents, currency, method, status, arrival_at)
        values (${`po_${status}`}, 'acct_1', 100, 'usd', 'standard', ${status}, now())`);
    await expect(payout("sent-maybe")).rejects.toThrow();
    await payout("paid");
    expect(await queryRows(database.db, sql`select id, status from sandbox.payouts`)).toEqual([
      { id: "po_paid", status: "paid" },
    ]);
  });
});
