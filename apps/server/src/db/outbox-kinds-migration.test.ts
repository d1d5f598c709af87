import { queryRows } from "@mx/kit/sql";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { databaseBefore } from "../test/migrations";
import type { Database } from "./client";
import { OUTBOX_KINDS } from "./schema/outbox";

/** The product migration that took the offer-wall postback out of the outbox's kinds. */
const WITHOUT_POSTBACKS = 38;

describe("the outbox's kinds", () => {
  let database: Database | null = null;
  afterEach(async () => {
    await database?.close();
    database = null;
  });

  it("lose the offer-wall postback: its rows go, every other message stays as it was", async () => {
    database = await databaseBefore(WITHOUT_POSTBACKS);
    await database.db.execute(sql`
      insert into outbox_messages (id, kind, payload, state) values
        ('00000000-0000-4000-8000-000000000001', 'mail', '{"to":"ann@example.com"}', 'queued'),
        ('00000000-0000-4000-8000-000000000002', 'offer_postback', '{"path":"/x"}', 'queued'),
        ('00000000-0000-4000-8000-000000000003', 'push', '{"activityId":"a"}', 'sent')`);

    await database.migrate();

    expect(
      await queryRows(
        database.db,
        sql`select id, kind::text, payload, state from outbox_messages order by id`,
      ),
    ).toEqual([
      {
        id: "00000000-0000-4000-8000-000000000001",
        kind: "mail",
        payload: { to: "ann@example.com" },
        state: "queued",
      },
      {
        id: "00000000-0000-4000-8000-000000000003",
        kind: "push",
        payload: { activityId: "a" },
        state: "sent",
      },
    ]);
    const labels = await queryRows<{ label: string }>(
      database.db,
      sql`select e.enumlabel as label from pg_enum e join pg_type t on t.oid = e.enumtypid
          where t.typname = 'outbox_kind' order by e.enumsortorder`,
    );
    expect(labels.map((l) => l.label)).toEqual([...OUTBOX_KINDS]);
    expect(
      await queryRows(database.db, sql`select 1 from pg_type where typname = 'outbox_kind_previous'`),
    ).toEqual([]);
    await expect(
      database.db.execute(sql`insert into outbox_messages (id, kind, payload) values
        ('00000000-0000-4000-8000-000000000004', 'offer_postback', '{}')`),
    ).rejects.toThrow();
  });
});
