import { AppError } from "@mx/kit/errors";
import { serverMessages } from "@mx/shared/messages";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import {
  type AuthContext,
  type SessionAuthenticator,
  sessionAuthenticator,
  tokenFromHeader,
} from "./sessions";

declare module "fastify" {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** preHandler for signed-in routes: 401 unless the bearer token names a live session. */
    requireAuth: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Sessions by token: the request path's lookups, and what this instance already knows (the front door). */
    sessions: SessionAuthenticator;
  }
}

export const authPlugin = fp(async (app) => {
  app.decorateRequest("auth", null);
  const sessions = sessionAuthenticator(app.deps.db, app.deps.config.sessionSecret, app.hot.sessions);
  app.decorate("sessions", sessions);
  app.decorate("requireAuth", async (req: FastifyRequest) => {
    req.auth = await sessions.authenticate(tokenFromHeader(req.headers.authorization));
  });
});

/** The signed-in caller; only for routes behind requireAuth. */
export function currentUser(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new AppError("UNAUTHORIZED", serverMessages.unauthorized);
  return req.auth;
}
