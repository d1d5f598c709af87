import { createHash } from "node:crypto";
import { queryRows } from "@mx/kit/sql";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { testConfig } from "../config";
import { type Database, openDatabase } from "../db/client";
import { purgeIdempotencyKeys } from "../jobs/purge-idempotency-keys";
import { createTestDatabase } from "../test/database";
import { testAppOf } from "../test/harness";
import { IDEMPOTENCY_KEY_TTL_MS, IDEMPOTENCY_LOCK_MS } from "./idempotency";

/** A money-moving route of the tests' own: it counts its runs, and can be held mid-request. */
let runs = 0;
let hold: Promise<void> | null = null;

async function appWithTestRoute(database: Database): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(), database });
  app.post("/test/charge", { preHandler: [app.idempotent] }, async (req) => {
    runs += 1;
    const run = runs;
    if (hold) await hold;
    return { statusCode: 200, message: "Charged.", data: { run, body: req.body } };
  });
  await app.ready();
  return app;
}

describe("Idempotency-Key expiry and takeover", () => {
  let database: Database;
  let drop: () => Promise<void>;
  let url: string | null;
  let app: FastifyInstance;
  let key = 0;
  let current = "";

  const charge = (body: unknown, target = app) =>
    testAppOf(target, async () => {}).call("POST", "/test/charge", {
      body,
      headers: { "idempotency-key": current },
    });
  /** Moves the current key's timestamps `ms` into the past, as if that much time had gone by. */
  const age = (column: "created_at" | "locked_at", ms: number) =>
    queryRows(
      database.db,
      sql`update idempotency_keys set ${sql.identifier(column)} = ${sql.identifier(column)} - ${sql.raw(`interval '${ms} milliseconds'`)}
          where key = ${current}`,
    );
  /** The claim of a request with `body` that stopped `ms` ago without a reply. */
  const claimLeft = (body: unknown, ms: number) =>
    queryRows(
      database.db,
      sql`insert into idempotency_keys (scope, route, key, request_hash, locked_at)
          values ('anonymous', 'POST /test/charge', ${current}, ${createHash("sha256").update(JSON.stringify(body)).digest("hex")},
            now() - ${sql.raw(`interval '${ms} milliseconds'`)})`,
    );
  const stored = async () =>
    queryRows<{ status_code: number | null }>(
      database.db,
      sql`select status_code from idempotency_keys where key = ${current}`,
    );

  beforeAll(async () => {
    ({ database, drop, url } = await createTestDatabase());
    app = await appWithTestRoute(database);
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });
  beforeEach(() => {
    key += 1;
    current = `key-${key}`;
    hold = null;
  });

  it("answers 409 while the first request runs, and lets the same request take over a claim left for dead", async () => {
    let release = () => {};
    hold = new Promise((resolve) => {
      release = resolve;
    });
    const first = charge({ amount: 100 });
    await until(async () => (await stored()).length === 1);
    const meanwhile = await charge({ amount: 100 });
    expect(meanwhile.statusCode).toBe(409);
    const before = runs;

    // The first request seems to have died: its claim is past the lock timeout.
    await age("locked_at", IDEMPOTENCY_LOCK_MS + 1_000);
    hold = null;
    const other = await charge({ amount: 200 });
    expect(other.statusCode).toBe(422);
    const retried = await charge({ amount: 100 });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.run).toBe(before + 1);

    // The first request ends after all: its reply is not recorded over the one that took its key over.
    release();
    expect((await first).statusCode).toBe(200);
    const replay = await charge({ amount: 100 });
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json().data.run).toBe(before + 1);
  });

  it("does not take over a claim younger than the lock timeout", async () => {
    await claimLeft({ amount: 100 }, IDEMPOTENCY_LOCK_MS / 2);
    const res = await charge({ amount: 100 });
    expect(res.statusCode).toBe(409);
  });

  it("treats a key older than 24 hours as unused", async () => {
    const first = await charge({ amount: 100 });
    expect(first.statusCode).toBe(200);
    expect((await charge({ amount: 100 })).json().data.run).toBe(first.json().data.run);

    await age("created_at", IDEMPOTENCY_KEY_TTL_MS + 1_000);
    // Expired: a new request with the key runs, whatever its body.
    const again = await charge({ amount: 300 });
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
    expect(again.json().data).toMatchObject({ run: first.json().data.run + 1, body: { amount: 300 } });
    expect((await charge({ amount: 300 })).headers["idempotent-replayed"]).toBe("true");
  });

  it("lets one of two takeovers at once run, on two server instances", async () => {
    const second = url ? await openDatabase({ kind: "postgres", url }) : database;
    const other = await appWithTestRoute(second);
    try {
      for (let round = 0; round < 5; round += 1) {
        current = `race-${key}-${round}`;
        await claimLeft({ amount: 5 }, IDEMPOTENCY_LOCK_MS * 2);
        const before = runs;
        // The winner is held in its handler, so the loser's answer cannot be a replay of a finished request.
        let release = () => {};
        hold = new Promise((resolve) => {
          release = resolve;
        });
        const both = [charge({ amount: 5 }), charge({ amount: 5 }, other)];
        await Promise.race(both);
        release();
        const answers = await Promise.all(both);
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
        expect(runs).toBe(before + 1);
      }
    } finally {
      await other.close();
      if (second !== database) await second.close();
    }
  });

  it("purges expired keys in the hourly job and keeps the others", async () => {
    const fresh = current;
    await charge({ amount: 1 });
    current = `old-${key}`;
    await charge({ amount: 1 });
    await age("created_at", IDEMPOTENCY_KEY_TTL_MS + 1_000);

    await purgeIdempotencyKeys.run(app.deps);
    const left = await queryRows<{ key: string }>(
      database.db,
      sql`select key from idempotency_keys where key in (${fresh}, ${current})`,
    );
    expect(left.map((r) => r.key)).toEqual([fresh]);
  });
});

async function until(check: () => Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
