import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { type Config, ConfigError, loadConfig } from "./config";
import { type Database, openDatabase } from "./db/client";
import type { JobQueue } from "./jobs/queue";
import { warmCatalogue } from "./modules/buildings/catalogue-index";
import { ensureCatalogue } from "./modules/buildings/ensure-catalogue";
import { hasPlayers, seedDemo } from "./modules/demo/seed-demo";

/** How long a stopping server keeps connections that have not sent their request yet (see shutdown). */
const IDLE_GRACE_MS = 1_000;
/** How long a stopping server keeps its listener open, turning reads away, before it closes it (see shutdown). */
const DRAIN_MS = 1_500;

/** The configuration from the environment; a wrong one is printed and the process exits. */
function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** The background work, once it is started (null until then, or when it could not start). */
type Jobs = { queue: Promise<JobQueue | null> };

/*
 * SIGTERM (an operator, a rolling restart): readiness turns 503 and, for DRAIN_MS, reads are answered 503 (a
 * proxy retries them on another instance and sets this one aside) while writes are still served; closing the
 * listener at once would reset the connections the kernel has accepted but the server not yet taken, and a proxy
 * that has sent a POST on one does not send it again. Then the listener closes (a proxy's new connections
 * go to another instance), live sockets are closed with 1012 so clients reconnect (through the proxy, elsewhere),
 * requests in flight finish, then the jobs stop (running ones get a few seconds), then the database they share.
 * Past SHUTDOWN_TIMEOUT_SECONDS the process exits anyway.
 */
function shutdownOf(app: FastifyInstance, config: Config, database: Database, jobs: Jobs) {
  let closing = false;
  return async (signal: string, code = 0) => {
    if (closing) return;
    closing = true;
    app.lifecycle.draining = true;
    const from = Date.now();
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      app.log.error({ signal, afterMs: Date.now() - from }, "shutdown deadline passed; exiting");
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    try {
      await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
      // Node's close() also drops every connection it counts as idle, among them one just accepted whose request
      // is still on its way: a proxy that has sent a POST on it gets a reset, and does not send a POST again. Such
      // connections get a moment for their request to arrive and be answered; idle kept-alive ones close after it.
      const server = app.server;
      const closeIdle = server.closeIdleConnections.bind(server);
      server.closeIdleConnections = () => {};
      setTimeout(closeIdle, IDLE_GRACE_MS).unref();
      await app.close();
      await (await jobs.queue)?.stop();
      await database.close();
      app.log.info({ signal, tookMs: Date.now() - from }, "shut down");
      process.exit(code);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
}

/**
 * Background work (jobs/): started once the server answers, so it never delays the first request. Without it
 * nothing would recover interrupted money operations, so a queue that cannot start stops the server (`stop`).
 */
function startJobs(
  app: FastifyInstance,
  stop: (reason: string, code: number) => Promise<void>,
): Promise<JobQueue | null> {
  const jobsFrom = Date.now();
  // Loaded here, not at the top: the queue's library takes a moment to load, and the server is answering by now.
  return import("./jobs/queue")
    .then(({ startJobQueue }) => startJobQueue(app.deps))
    .then(
      (queue) => {
        app.log.info(`Background jobs started in ${Date.now() - jobsFrom} ms`);
        return queue;
      },
      (error: unknown) => {
        app.log.fatal({ err: error }, "the job queue did not start");
        void stop("job queue", 1);
        return null;
      },
    );
}

/**
 * The catalogue kept in memory for search and the map's tiles, built now rather than for the first players.
 * Readiness waits for it: a rolling restart stops the next instance only once this one answers at full speed.
 */
function warmAtStart(app: FastifyInstance, database: Database): void {
  app.lifecycle.warming = true;
  void warmCatalogue(database.db)
    .then(() => app.mapTiles.warm())
    .then(({ tiles, ms }) => app.log.info(`Search catalogue and ${tiles} map tiles built in ${ms} ms`))
    .catch((error: unknown) =>
      app.log.warn({ err: error }, "building the search catalogue or map tiles failed"),
    )
    .finally(() => {
      app.lifecycle.warming = false;
    });
}

/** Where the server answers, its database, its mail and its API docs, for whoever started it. */
function printBanner(app: FastifyInstance, config: Config): void {
  const where = config.database.kind === "postgres" ? "PostgreSQL" : (config.database.dataDir ?? "in memory");
  const mail =
    app.deps.mailer.kind === "dev-mailbox" ? `dev mailbox at ${config.publicUrl}/dev/mailbox` : "SMTP";
  console.log(
    `\n  Manhattan Exchange is running at ${config.publicUrl}\n  database: ${where} · mail: ${mail} · API docs: ${config.publicUrl}/api/docs\n`,
  );
}

async function main() {
  const config = configOrExit();
  const database = await openDatabase(config.database);
  await database.migrate();
  const app = await buildApp({ config, database });
  await ensureCatalogue(database.db, config, app.log);
  if (!config.isProduction && !(await hasPlayers(database.db))) {
    const seeded = await seedDemo(database.db);
    if (seeded.players)
      app.log.info(`Seeded ${seeded.players} demo players owning ${seeded.buildings} buildings.`);
  }

  const jobs: Jobs = { queue: Promise.resolve(null) };
  const shutdown = shutdownOf(app, config, database, jobs);
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  jobs.queue = startJobs(app, shutdown);
  if (config.warmAtStart) warmAtStart(app, database);
  printBanner(app, config);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
