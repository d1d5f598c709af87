import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import type { JobQueue } from "./jobs/queue";
import { ensureCatalogue } from "./modules/buildings/ensure-catalogue";
import { hasPlayers, seedDemo } from "./modules/demo/seed-demo";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(config.database);
  await database.migrate();
  const app = await buildApp({ config, database });
  await ensureCatalogue(database.db, config.mapDataDir, app.log);
  if (!config.isProduction && !(await hasPlayers(database.db))) {
    const seeded = await seedDemo(database.db);
    if (seeded.players)
      app.log.info(`Seeded ${seeded.players} demo players owning ${seeded.buildings} buildings.`);
  }

  let jobs: Promise<JobQueue | null> = Promise.resolve(null);
  let closing = false;
  const shutdown = async (signal: string, code = 0) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      // Requests first, then the jobs (running ones get a few seconds to finish), then the database they share.
      await app.close();
      await (await jobs)?.stop();
      await database.close();
      process.exit(code);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  // Background work (jobs/): started once the server answers, so it never delays the first request.
  // Without it nothing would recover interrupted money operations, so a queue that cannot start stops the server.
  const jobsFrom = Date.now();
  // Loaded here, not at the top: the queue's library takes a moment to load, and the server is answering by now.
  jobs = import("./jobs/queue")
    .then(({ startJobQueue }) => startJobQueue(app.deps))
    .then(
      (queue) => {
        app.log.info(`Background jobs started in ${Date.now() - jobsFrom} ms`);
        return queue;
      },
      (error: unknown) => {
        app.log.fatal({ err: error }, "the job queue did not start");
        void shutdown("job queue", 1);
        return null;
      },
    );
  const where = config.database.kind === "postgres" ? "PostgreSQL" : (config.database.dataDir ?? "in memory");
  const mail =
    app.deps.mailer.kind === "dev-mailbox" ? `dev mailbox at ${config.publicUrl}/dev/mailbox` : "SMTP";
  console.log(
    `\n  Manhattan Exchange is running at ${config.publicUrl}\n  database: ${where} · mail: ${mail} · API docs: ${config.publicUrl}/api/docs\n`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
