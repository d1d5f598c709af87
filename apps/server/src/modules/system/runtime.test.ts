import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, testConfig } from "../../config";
import { openDatabase } from "../../db/client";
import { buildings } from "../../db/schema/buildings";
import { importSampleCity } from "../../test/buildings";
import { addCard } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { isType, openLive } from "../../test/live";
import { freePort } from "../../test/server-process";

describe("readiness", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("turns 503 once a shutdown has begun, as do other reads, while /healthz and writes are still answered", async () => {
    expect((await t.call("GET", "/readyz")).statusCode).toBe(200);
    t.app.lifecycle.draining = true;
    try {
      const res = await t.call("GET", "/readyz");
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/shutting down/);
      expect((await t.call("GET", "/healthz")).statusCode).toBe(200);
      // Reads are turned away for a proxy to retry elsewhere; writes are still served.
      const read = await t.call("GET", "/api/v1/map/state");
      expect(read.statusCode).toBe(503);
      expect(read.headers.connection).toBe("close");
      expect(read.json().message).toBe("The server is shutting down.");
      const write = await t.call("POST", "/api/v1/users/login", { body: {} });
      expect(write.statusCode).toBe(400);
    } finally {
      t.app.lifecycle.draining = false;
    }
  });

  it("turns 503 while the catalogue and map tiles are still being built at start", async () => {
    t.app.lifecycle.warming = true;
    try {
      const res = await t.call("GET", "/readyz");
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe("The server is still building its catalogue and map tiles.");
    } finally {
      t.app.lifecycle.warming = false;
    }
    expect((await t.call("GET", "/readyz")).statusCode).toBe(200);
  });

  it("answers 503 while the database lacks a migration of this build", async () => {
    const { database } = t.app.deps;
    expect(await database.migrated()).toBe(true);
    const real = database.migrated;
    database.migrated = async () => false;
    try {
      const res = await t.call("GET", "/readyz");
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/migrations/);
    } finally {
      database.migrated = real;
    }
  });
});

describe("Database.migrated", () => {
  it("is false before the migrations run and true after", async () => {
    const database = await openDatabase({ kind: "pglite", dataDir: null });
    try {
      expect(await database.migrated()).toBe(false);
      await database.migrate();
      expect(await database.migrated()).toBe(true);
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe("request ids", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers every request with its id, reusing a proxy's sane X-Request-Id and replacing a hostile one", async () => {
    const own = await t.call("GET", "/healthz");
    expect(own.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const proxied = await t.call("GET", "/healthz", { headers: { "x-request-id": "4f1c2a9be0d7aa31" } });
    expect(proxied.headers["x-request-id"]).toBe("4f1c2a9be0d7aa31");
    const hostile = await t.call("GET", "/healthz", { headers: { "x-request-id": 'x"\n{"level":60}' } });
    expect(hostile.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("metrics", () => {
  it("counts requests, live connections, money operations and the event loop", async () => {
    const t = await createTestApp();
    try {
      const player = await signUp(t);
      const live = await openLive(t.app, player.token);
      await live.next(isType("ready"));
      await t.call("GET", "/healthz");
      const res = await t.call("GET", "/metrics");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("text/plain");
      expect(res.body).toMatch(
        /http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} [1-9]/,
      );
      expect(res.body).toContain("live_connections 1");
      expect(res.body).toMatch(/nodejs_eventloop_lag_p99_seconds \d/);
      expect(res.body).toContain("# TYPE money_operations gauge");
      expect(res.body).toContain("# TYPE db_pool_connections gauge");
      live.close();
    } finally {
      await t.close();
    }
  });

  it("counts the batches each step of buying ran, and the purchases they held", async () => {
    const t = await createTestApp();
    try {
      await importSampleCity(t.app.deps.db);
      const series = async (name: string, step: string) => {
        const body = (await t.call("GET", "/metrics")).body;
        const found = body.match(new RegExp(`${name}\\{operation="purchase",step="${step}"\\} (\\d+)`));
        return found ? Number(found[1]) : null;
      };
      // Nothing bought yet: the counters are there, without a series for purchases.
      expect((await t.call("GET", "/metrics")).body).toContain("# TYPE money_batches_total counter");
      expect(await series("money_batches_total", "reserve")).toBeNull();
      const buyers = await Promise.all([signUp(t), signUp(t), signUp(t)]);
      await Promise.all(buyers.map((b) => addCard(t, b.token)));
      const free = await t.app.deps.db
        .select({ id: buildings.id, base: buildings.basePriceCents })
        .from(buildings)
        .limit(3);
      // Three buyers at the same moment: one batch per step, or a few, holding the three purchases.
      const answers = await Promise.all(
        buyers.map((b, i) =>
          t.call("POST", "/api/v1/properties/buy", {
            token: b.token,
            body: { buildingId: free[i]?.id, bidAmount: (free[i]?.base ?? 0) / 100, isApplePay: false },
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      for (const step of ["reserve", "settle"]) {
        expect(await series("money_batched_operations_total", step)).toBe(3);
        expect(await series("money_batches_total", step)).toBeGreaterThanOrEqual(1);
        expect(await series("money_batches_total", step)).toBeLessThanOrEqual(3);
      }
    } finally {
      await t.close();
    }
  });

  it("answers only a bearer of METRICS_TOKEN when one is set", async () => {
    const token = "m".repeat(24);
    const t = await createTestApp({ metrics: { token, port: null, host: "127.0.0.1" } });
    try {
      const none = await t.call("GET", "/metrics");
      expect(none.statusCode).toBe(401);
      expect(none.json().message).toMatch(/METRICS_TOKEN/);
      expect((await t.call("GET", "/metrics", { token: "n".repeat(24) })).statusCode).toBe(401);
      expect((await t.call("GET", "/metrics", { token: "short" })).statusCode).toBe(401);
      const ok = await t.call("GET", "/metrics", { token });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain("http_request_duration_seconds");
    } finally {
      await t.close();
    }
  });

  it("serves them on METRICS_PORT alone, not on the public port, when no token is set", async () => {
    const port = await freePort();
    const t = await createTestApp({ metrics: { token: null, port, host: "127.0.0.1" } });
    try {
      expect((await t.call("GET", "/metrics")).statusCode).toBe(404);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("process_cpu_seconds_total");
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it("is required to be protected in production by the configuration", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrowError(/METRICS_TOKEN or METRICS_PORT/);
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrowError(/METRICS_TOKEN: must be at least 16/);
  });
});

describe("HTTP timeouts", () => {
  it("sets the request, headers, keep-alive and connection timeouts on the server", async () => {
    const t = await createTestApp(
      testConfig({
        http: {
          requestTimeoutMs: 31_000,
          headersTimeoutMs: 12_000,
          keepAliveTimeoutMs: 61_000,
          connectionTimeoutMs: 71_000,
        },
      }),
    );
    try {
      expect(t.app.server.requestTimeout).toBe(31_000);
      expect(t.app.server.headersTimeout).toBe(12_000);
      expect(t.app.server.keepAliveTimeout).toBe(61_000);
      expect(t.app.server.timeout).toBe(71_000);
    } finally {
      await t.close();
    }
  });

  it("refuses a headers timeout longer than the request timeout", () => {
    expect(() =>
      loadConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: "60", HTTP_REQUEST_TIMEOUT_SECONDS: "30" }),
    ).toThrowError(/HTTP_HEADERS_TIMEOUT_SECONDS/);
  });
});

describe("shutdown", () => {
  it("closes live sockets with 1012 so clients reconnect elsewhere", async () => {
    const t = await createTestApp();
    const player = await signUp(t);
    const live = await openLive(t.app, player.token);
    await live.next(isType("ready"));
    await t.close();
    expect(await live.closed).toBe(1012);
  });
});
