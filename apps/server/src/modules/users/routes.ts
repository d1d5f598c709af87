import { AppError } from "@mx/kit/errors";
import { ok } from "@mx/kit/reply";
import { serverMessages } from "@mx/shared/messages";
import {
  AuthData,
  Profile,
  SignUpBody,
  UpdateProfileBody,
  UpdateProfileData,
  UserNameAvailableData,
  UserNameAvailableQuery,
} from "@mx/shared/schemas/auth";
import { envelope, IdParams, MessageData } from "@mx/shared/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { findActiveUser } from "../auth/active-user";
import { requireFreshProof } from "../auth/fresh-proof";
import { currentUser } from "../auth/plugin";
import { deliverSoon } from "../outbox/deliver";
import { createUser } from "./create-user";
import { deleteAccount } from "./delete-account";
import { userNameAvailable } from "./find-user";
import { getProfile } from "./get-profile";
import { updateProfile } from "./update-profile";

/** The Fastify instance a route group is registered on. */
type UsersApp = Parameters<FastifyPluginAsyncZod>[0];

const security = [{ bearer: [] }];

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  signUpRoutes(app);
  profileRoutes(app);
  deleteAccountRoute(app);
};

/** Signing up, and the username check its form makes first. */
function signUpRoutes(app: UsersApp) {
  const { db, config } = app.deps;

  app.post(
    "/users/",
    {
      config: { rateLimit: { max: config.rateLimit.authMax, timeWindow: "1 minute" } },
      schema: {
        tags: ["users"],
        summary: "Sign up with the token of a verified UR code",
        body: SignUpBody,
        response: { 201: envelope(AuthData) },
      },
    },
    async (req, reply) => {
      const created = await createUser(app.deps, req.body);
      return reply.code(201).send(ok(created, serverMessages.accountCreated, 201));
    },
  );

  app.get(
    "/users/username-available",
    {
      config: { rateLimit: { max: config.rateLimit.authMax, timeWindow: "1 minute" } },
      schema: {
        tags: ["users"],
        summary: "Whether a username is free, for the sign-up form (names compare without case)",
        querystring: UserNameAvailableQuery,
        response: { 200: envelope(UserNameAvailableData) },
      },
    },
    async (req) => {
      const available = await userNameAvailable(db, req.query.userName);
      return ok({ available }, available ? serverMessages.userNameAvailable : serverMessages.userNameTaken);
    },
  );
}

/** The signed-in player's profile: read it, change it. */
function profileRoutes(app: UsersApp) {
  const { db } = app.deps;

  app.get(
    "/users/profile",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["users"],
        summary: "The signed-in player's profile",
        security,
        response: { 200: envelope(Profile) },
      },
    },
    async (req) => ok(await getProfile(db, currentUser(req).userId), serverMessages.profileFetched),
  );

  app.put(
    "/users/",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["users"],
        summary: "Change name, username, e-mail or building colour",
        security,
        body: UpdateProfileBody,
        response: { 200: envelope(UpdateProfileData) },
      },
    },
    async (req) => {
      const auth = currentUser(req);
      const { currentPassword, otpToken, ...changes } = req.body;
      const before = await findActiveUser(db, auth.userId);
      const newEmail = changes.email?.toLowerCase();
      const emailChanges = newEmail !== undefined && newEmail !== before.email;
      // A new e-mail would let a recovery code take the account: it needs fresh proof.
      if (emailChanges) await requireFreshProof(app.deps, auth, { currentPassword, otpToken }, req.ip);
      const { profile, notice } = await updateProfile(db, auth.userId, changes);
      deliverSoon(app.deps, notice);
      return ok({ data: profile }, serverMessages.profileUpdated);
    },
  );
}

/** Deleting one's own account. */
function deleteAccountRoute(app: UsersApp) {
  app.delete(
    "/users/:id",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["users"],
        summary: "Delete one's own account, irreversibly",
        security,
        params: IdParams,
        response: { 200: envelope(MessageData) },
      },
    },
    async (req) => {
      const { userId } = currentUser(req);
      if (req.params.id !== userId) throw new AppError("FORBIDDEN", serverMessages.forbidden);
      await deleteAccount(app.deps, userId);
      return ok({ message: serverMessages.accountDeleted }, serverMessages.accountDeleted);
    },
  );
}
