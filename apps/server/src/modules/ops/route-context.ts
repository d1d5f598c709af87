import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operatorGuard } from "./guard";

/** The Fastify instance the console's routes are registered on. */
export type OpsApp = Parameters<FastifyPluginAsyncZod>[0];

/** What every group of the console's routes shares: its OpenAPI tags and security, and the guard of a permission. */
export type OpsRouteContext = ReturnType<typeof opsRouteContext>;

/** The tags, security and permission guard shared by the console's routes. */
export function opsRouteContext(app: OpsApp) {
  const { db } = app.deps;
  return {
    tags: ["ops"],
    security: [{ bearer: [] }],
    guard: (permission: Parameters<typeof operatorGuard>[1]) => [
      app.requireAuth,
      operatorGuard(db, permission),
    ],
  };
}
