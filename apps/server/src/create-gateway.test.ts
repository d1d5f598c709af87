import { scratchDatabase } from "@mx/kit/scratch-database";
import { queryRows } from "@mx/kit/sql";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { testConfig } from "./config";
import { type Database, openDatabase } from "./db/client";
import { buildings } from "./db/schema/buildings";
import { purchases } from "./db/schema/purchases";
import { importSampleCity } from "./test/buildings";
import { addCard } from "./test/cards";
import { createTestApp, signUp, type TestApp, testAppOf } from "./test/harness";

/** The PostgreSQL server the tests run on, when they do (npm run test:pg); the sandbox's database is made there. */
const server = process.env.DATABASE_URL?.startsWith("postgres") ? process.env.DATABASE_URL : null;

/** Rows of a query on the database at `url`, through a connection of the test's own. */
async function rowsAt<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** How many connections are open to the database at `url`, once those closing have had up to two seconds to go. */
async function connectionsTo(url: string): Promise<number> {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  let count = 0;
  for (let i = 0; i < 20; i += 1) {
    const [row] = await rowsAt<{ n: number }>(
      admin.toString(),
      "select count(*)::int as n from pg_stat_activity where datname = $1",
      [name],
    );
    count = row?.n ?? 0;
    if (count === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return count;
}

/** A player signs up, adds a card and buys the sample city's first building: the payment intent's id. */
async function buyWithCard(t: TestApp): Promise<string> {
  const db = t.app.deps.db;
  await importSampleCity(db);
  const [building] = await db.select().from(buildings).where(eq(buildings.id, "way/1"));
  const buyer = await signUp(t);
  await addCard(t, buyer.token);
  const buy = await t.call("POST", "/api/v1/properties/buy", {
    token: buyer.token,
    body: { buildingId: "way/1", bidAmount: (building?.basePriceCents ?? 0) / 100, isApplePay: false },
  });
  expect(buy.statusCode, buy.body).toBe(200);
  const [purchase] = await db.select().from(purchases).where(eq(purchases.userId, buyer.userId));
  expect(purchase?.paymentIntentId).toBeTruthy();
  return purchase?.paymentIntentId ?? "";
}

/** Whether the product's database has the sandbox's table of payment intents, and how many rows it holds. */
async function productIntents(database: Database): Promise<number | null> {
  const [table] = await queryRows<{ name: string | null }>(
    database.db,
    sql`select to_regclass('sandbox.payment_intents')::text as name`,
  );
  if (!table?.name) return null;
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from sandbox.payment_intents`,
  );
  return row?.n ?? 0;
}

describe.skipIf(!server)("SANDBOX_DATABASE_URL: the sandbox in a database of its own", () => {
  let sandbox: { url: string; drop(): Promise<void> };
  beforeAll(async () => {
    sandbox = await scratchDatabase(server ?? "", "sandbox_sep");
  });
  afterAll(() => sandbox?.drop());

  it("keeps the sandbox's records there, none in the product's PostgreSQL database, and closes it with the app", async () => {
    const t = await createTestApp({ sandboxDatabaseUrl: sandbox.url });
    try {
      const intentId = await buyWithCard(t);
      const there = await rowsAt<{ id: string; status: string }>(
        sandbox.url,
        "select id, status from sandbox.payment_intents where id = $1",
        [intentId],
      );
      expect(there).toEqual([{ id: intentId, status: "succeeded" }]);
      // The card was tokenised through the sandbox's routes, on that database too.
      const [tokens] = await rowsAt<{ n: number }>(
        sandbox.url,
        "select count(*)::int as n from sandbox.tokens",
      );
      expect(tokens?.n).toBeGreaterThan(0);
      // The test database carries the sandbox's tables (tests may use them), but nothing was written to them.
      expect(await productIntents(t.app.deps.database)).toBe(0);
    } finally {
      await t.close();
    }
    expect(await connectionsTo(sandbox.url)).toBe(0);
  });

  it("works beside an embedded (PGlite) product database, which gets no sandbox schema at all", async () => {
    const database = await openDatabase({ kind: "pglite", dataDir: null });
    await database.migrate();
    let app: FastifyInstance | null = null;
    try {
      app = await buildApp({ config: testConfig({ sandboxDatabaseUrl: sandbox.url }), database });
      await app.ready();
      const t = testAppOf(app, async () => {});
      const intentId = await buyWithCard(t);
      const there = await rowsAt<{ id: string }>(
        sandbox.url,
        "select id from sandbox.payment_intents where id = $1",
        [intentId],
      );
      expect(there).toHaveLength(1);
      expect(await productIntents(database)).toBeNull();
    } finally {
      await app?.close();
      await database.close();
    }
    expect(await connectionsTo(sandbox.url)).toBe(0);
  });
});
