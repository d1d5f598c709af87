import { AppError } from "@mx/kit/errors";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

/**
 * Liveness and readiness for a load balancer or orchestrator. /healthz: the process answers. /readyz: the database
 * answers, every migration of this build is applied, the catalogue and map tiles built at start are ready (a
 * rolling restart waits for that before stopping the next instance), and the instance is not shutting down (a
 * SIGTERM turns it to 503 at once, so a balancer that checks it stops sending new work before the listener closes).
 */
const HEALTHY = Buffer.from(JSON.stringify({ status: "ok" }));

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const Health = z.object({ status: z.string() });
  app.get(
    "/healthz",
    {
      config: { rateLimit: false },
      compress: false,
      schema: { tags: ["system"], summary: "The process is up", response: { 200: Health } },
    },
    // The same bytes every time, as the schema writes them: nothing to serialise per request.
    async (_req, reply) => (reply as FastifyReply).type("application/json; charset=utf-8").send(HEALTHY),
  );
  app.get(
    "/readyz",
    {
      config: { rateLimit: false },
      schema: {
        tags: ["system"],
        summary:
          "The database answers with every migration applied, the instance has warmed up and is not shutting down",
        response: { 200: Health },
      },
    },
    async () => {
      if (app.lifecycle.draining) throw new AppError("UNAVAILABLE", "The server is shutting down.");
      if (app.lifecycle.warming)
        throw new AppError("UNAVAILABLE", "The server is still building its catalogue and map tiles.");
      let migrated: boolean;
      try {
        await app.deps.database.ping();
        migrated = await app.deps.database.migrated();
      } catch (cause) {
        throw new AppError("UNAVAILABLE", "The database is not reachable.", { cause });
      }
      if (!migrated) throw new AppError("UNAVAILABLE", "The database migrations are not applied yet.");
      return { status: "ready" };
    },
  );
};
