import { ok } from "@mx/kit/reply";
import { serverMessages } from "@mx/shared/messages";
import { AuthData, ChangePasswordBody, LoginBody, ResetPasswordBody } from "@mx/shared/schemas/auth";
import { envelope } from "@mx/shared/schemas/common";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sessions } from "../../db/schema/users";
import { changePassword } from "./change-password";
import { login } from "./login";
import { currentUser } from "./plugin";
import { resetPassword } from "./reset-password";
import { createSession, revokeSession } from "./sessions";

/** The Fastify instance a route group is registered on. */
type AuthApp = Parameters<FastifyPluginAsyncZod>[0];

const security = [{ bearer: [] }];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const authLimit = { rateLimit: { max: app.deps.config.rateLimit.authMax, timeWindow: "1 minute" } };
  sessionRoutes(app, authLimit);
  passwordRoutes(app, authLimit);
};

/** The rate limit of the routes that take a password or a code. */
type AuthLimit = { rateLimit: { max: number; timeWindow: string } };

/** Signing in, signing out, and swapping a session's token for a new one. */
function sessionRoutes(app: AuthApp, authLimit: AuthLimit) {
  const { db, config } = app.deps;

  app.post(
    "/users/login",
    {
      config: authLimit,
      schema: { tags: ["auth"], summary: "Sign in", body: LoginBody, response: { 200: envelope(AuthData) } },
    },
    async (req) => ok(await login(app.deps, req.body, req.ip), serverMessages.loginSuccess),
  );

  app.post(
    "/users/logout",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["auth"],
        summary: "Sign out: revokes this token",
        security,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await revokeSession(db, currentUser(req).sessionId);
      return ok(null, serverMessages.loggedOut);
    },
  );

  app.post(
    "/users/refresh-token",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["auth"],
        summary: "Swap this token for a new one; the old one stops working",
        security,
        response: { 200: envelope(AuthData) },
      },
    },
    async (req) => {
      const { userId, sessionId } = currentUser(req);
      const accessToken = await db.transaction(async (tx) => {
        // A renewed token is no fresher proof than the one it replaces.
        const [old] = await tx
          .select({ provenAt: sessions.provenAt })
          .from(sessions)
          .where(eq(sessions.id, sessionId));
        await revokeSession(tx, sessionId);
        return createSession(tx, config.sessionSecret, userId, old?.provenAt);
      });
      return ok({ accessToken, userId }, serverMessages.tokenRefreshed);
    },
  );
}

/** Changing the password when signed in, and setting a new one with a recovery code. */
function passwordRoutes(app: AuthApp, authLimit: AuthLimit) {
  app.put(
    "/users/change-password",
    {
      config: authLimit,
      preHandler: app.requireAuth,
      schema: {
        tags: ["auth"],
        summary: "Change the password; every session ends and a new token is returned",
        security,
        body: ChangePasswordBody,
        response: { 200: envelope(AuthData) },
      },
    },
    async (req) =>
      ok(
        await changePassword(app.deps, currentUser(req).userId, req.body, req.ip),
        serverMessages.passwordChanged,
      ),
  );

  app.post(
    "/users/reset-password",
    {
      config: authLimit,
      schema: {
        tags: ["auth"],
        summary: "Set a new password with the token of a verified UFP code",
        body: ResetPasswordBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await resetPassword(app.deps, req.body);
      return ok(null, serverMessages.passwordReset);
    },
  );
}
