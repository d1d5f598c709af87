import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors";

/** Liveness and readiness for a load balancer or orchestrator. */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const Health = z.object({ status: z.string() });
  app.get(
    "/healthz",
    {
      config: { rateLimit: false },
      schema: { tags: ["system"], summary: "The process is up", response: { 200: Health } },
    },
    async () => ({ status: "ok" }),
  );
  app.get(
    "/readyz",
    {
      config: { rateLimit: false },
      schema: { tags: ["system"], summary: "The database answers", response: { 200: Health } },
    },
    async () => {
      try {
        await app.deps.database.ping();
      } catch (cause) {
        throw new AppError("UNAVAILABLE", "The database is not reachable.", { cause });
      }
      return { status: "ready" };
    },
  );
};
