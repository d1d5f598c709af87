import { timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { countJobs } from "../../db/job-tables";
import type { AppDeps } from "../../deps";
import { batchCounts } from "../../lib/batch-counts";

/** Job outcomes, counted by the queue's workers (jobs/queue.ts) of this process. */
export const jobRuns = new Counter({
  name: "job_runs_total",
  help: "Jobs this instance ran, per queue and outcome.",
  labelNames: ["queue", "outcome"] as const,
  registers: [],
});

/** The money operations' tables and the column holding their state. */
const MONEY_TABLES = [
  ["purchase", "purchases", "status"],
  ["bid", "bids", "status"],
  ["shop_order", "shop_orders", "status"],
  ["payout", "payouts", "state"],
  ["account_refund", "account_refunds", "state"],
] as const;

/**
 * Prometheus metrics (prom-client) at /metrics: request latency per route, the database pool, the job queue (jobs
 * per queue and state in the shared database, and this instance's runs), live connections, money operations per
 * state, and the process (event-loop lag, memory, CPU, GC). Each app has a registry of its own.
 *
 * Who may read them: with METRICS_TOKEN, only a bearer of it; with METRICS_PORT, a second listener (on METRICS_HOST,
 * 127.0.0.1 by default) serves them without a token, and the public port does not unless a token is set; in
 * development with neither, anyone. Production requires one of the two (config/checks.ts).
 */
export async function metrics(app: FastifyInstance): Promise<ObserveRequest> {
  const register = new Registry();
  collectDefaultMetrics({ register, eventLoopMonitoringPrecision: 20 });
  register.registerMetric(jobRuns);
  const observe = requestLatency(app, register);
  stateGauges(app, register);
  batchCounters(app.deps, register);
  const exposition: Exposition = async () => ({ type: register.contentType, body: await register.metrics() });
  metricsRoute(app, exposition);
  metricsListener(app, exposition);
  return observe;
}

/** The metrics in Prometheus's text format, with their content type. */
type Exposition = () => Promise<{ type: string; body: string }>;

/** Times every answer, per method, route pattern and status; gives the same count to requests answered elsewhere. */
function requestLatency(app: FastifyInstance, register: Registry): ObserveRequest {
  const http = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, per method, route and status.",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [register],
  });
  const observe: ObserveRequest = (method, route, statusCode, seconds) =>
    http.observe({ method, route, status: String(statusCode) }, seconds);
  app.addHook("onResponse", (req, reply, done) => {
    // The route's pattern, never the URL itself: ids in paths would make a series per building.
    observe(req.method, req.routeOptions.url ?? "unmatched", reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  return observe;
}

/** The gauges read when the metrics are: the pool, live sockets, the job queue and the money operations. */
function stateGauges(app: FastifyInstance, register: Registry): void {
  const { database, db } = app.deps;
  new Gauge({
    name: "db_pool_connections",
    help: "PostgreSQL pool connections by state (total, idle, waiting requests, max).",
    labelNames: ["state"] as const,
    registers: [register],
    collect() {
      const stats = database.poolStats();
      if (!stats) return;
      for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
    },
  });

  new Gauge({
    name: "live_connections",
    help: "Authenticated live WebSockets held by this instance.",
    registers: [register],
    collect() {
      this.set(app.hasDecorator("live") ? app.live.hub.size : 0);
    },
  });

  new Gauge({
    name: "job_queue_jobs",
    help: "Background jobs kept by the job queue, per queue and state (the shared database: every instance reports the same).",
    labelNames: ["queue", "state"] as const,
    registers: [register],
    async collect() {
      this.reset();
      try {
        for (const { queue, state, count } of await countJobs(db)) this.set({ queue, state }, count);
      } catch (error) {
        app.log.warn({ err: error }, "jobs could not be counted");
      }
    },
  });

  new Gauge({
    name: "money_operations",
    help: "Money operations in the database per kind and state (purchases, bids, shop orders, payouts, refunds).",
    labelNames: ["kind", "state"] as const,
    registers: [register],
    async collect() {
      this.reset();
      try {
        const rows = await db.execute<{ kind: string; state: string; count: number }>(
          sql.raw(
            MONEY_TABLES.map(
              ([kind, table, column]) =>
                `select '${kind}' as kind, ${column} as state, count(*)::int as count from ${table} group by ${column}`,
            ).join(" union all "),
          ),
        );
        const list = (rows as unknown as { rows: { kind: string; state: string; count: number }[] }).rows;
        for (const { kind, state, count } of list) this.set({ kind, state }, Number(count));
      } catch (error) {
        app.log.warn({ err: error }, "money operations could not be counted");
      }
    },
  });
}

/**
 * The batches the money operations' steps ran in this process (purchases and developments: reserve, note, settle)
 * and the operations they held: their ratio is how well requests that arrive together share their statements.
 */
function batchCounters(deps: AppDeps, register: Registry): void {
  const counter = (name: string, help: string, of: (counts: { batches: number; items: number }) => number) =>
    new Counter({
      name,
      help,
      labelNames: ["operation", "step"] as const,
      registers: [register],
      collect() {
        this.reset();
        for (const [operation, steps] of batchCounts(deps))
          for (const [step, counts] of Object.entries(steps)) this.inc({ operation, step }, of(counts));
      },
    });
  counter(
    "money_batches_total",
    "Batches run per money operation and step, by this instance.",
    (c) => c.batches,
  );
  counter(
    "money_batched_operations_total",
    "Operations those batches held, per money operation and step (an operation retried alone counted again).",
    (c) => c.items,
  );
}

/** GET /metrics on the public port: for a bearer of the token (or anyone in development), else a plain 404. */
function metricsRoute(app: FastifyInstance, exposition: Exposition): void {
  const { config } = app.deps;
  const token = config.metrics.token;
  const publicRoute = token !== null || (!config.isProduction && config.metrics.port === null);
  if (publicRoute) {
    app.get("/metrics", { schema: { hide: true }, config: { rateLimit: false } }, async (req, reply) => {
      if (token !== null && !bearerMatches(req.headers.authorization, token)) {
        reply.header("www-authenticate", 'Bearer realm="metrics"');
        return reply.code(401).send({
          statusCode: 401,
          code: "UNAUTHORIZED",
          message: "Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.",
        });
      }
      const { type, body } = await exposition();
      return reply.type(type).send(body);
    });
  } else {
    // Not the web app's page either: a plain 404 that says where the metrics are.
    app.get("/metrics", { schema: { hide: true }, config: { rateLimit: false } }, async (_req, reply) =>
      reply.code(404).send({
        statusCode: 404,
        code: "NOT_FOUND",
        message: "Metrics are served on the metrics port (METRICS_PORT), or here with METRICS_TOKEN.",
      }),
    );
  }
}

/** The metrics port's own listener, serving GET /metrics alone, opened when the app is ready and closed with it. */
function metricsListener(app: FastifyInstance, exposition: Exposition): void {
  const { config } = app.deps;
  const port = config.metrics.port;
  if (port !== null) {
    let server: Server | null = null;
    app.addHook("onReady", async () => {
      server = createServer((req, res) => {
        if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
          res.writeHead(404, { "content-type": "text/plain" }).end("Only GET /metrics here.\n");
          return;
        }
        exposition().then(
          ({ type, body }) => res.writeHead(200, { "content-type": type }).end(body),
          (error: unknown) => {
            app.log.error({ err: error }, "metrics failed");
            res.writeHead(500).end();
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        server?.once("error", reject);
        server?.listen(port, config.metrics.host, resolve);
      });
    });
    app.addHook("onClose", async () => {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    });
  }
}

/** Counts a request answered outside Fastify's hooks (the front door) as Fastify's answers are counted. */
export type ObserveRequest = (method: string, route: string, statusCode: number, seconds: number) => void;

function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = /^Bearer\s+(\S+)$/i.exec(header ?? "")?.[1];
  if (!sent) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
