import { ok } from "@mx/kit/reply";
import { envelope } from "@mx/shared/schemas/common";
import {
  Enrolment,
  FactorCodeBody,
  GrantRoleBody,
  OperatorRole,
  OperatorStatus,
} from "@mx/shared/schemas/ops";
import { z } from "zod";
import { currentUser } from "../auth/plugin";
import { operatorStatus, passSecondFactor, startEnrolment } from "./factor";
import { operatorOf, operatorOnly } from "./guard";
import { grantRole } from "./roles";
import type { OpsApp, OpsRouteContext } from "./route-context";

/** The second factor's routes, `/ops/factor/*`: open to any operator, before the factor is passed. */
export function registerFactorRoutes(app: OpsApp, { tags, security }: OpsRouteContext) {
  const { db, config } = app.deps;
  const factorLimit = { rateLimit: { max: config.rateLimit.authMax, timeWindow: "1 minute" } };
  app.get(
    "/ops/factor",
    {
      onRequest: [app.requireAuth, operatorOnly(db)],
      schema: {
        tags,
        summary: "The operator's role and second factor",
        security,
        response: { 200: envelope(OperatorStatus) },
      },
    },
    async (req) => ok(await operatorStatus(db, currentUser(req))),
  );
  app.post(
    "/ops/factor/enrol",
    {
      onRequest: [app.requireAuth, operatorOnly(db)],
      config: factorLimit,
      schema: {
        tags,
        summary: "Start TOTP enrolment: the secret, its QR code and recovery codes, shown this once",
        security,
        response: { 200: envelope(Enrolment) },
      },
    },
    async (req) => {
      const auth = currentUser(req);
      await operatorStatus(db, auth);
      return ok(
        await startEnrolment(db, config.sessionSecret, auth),
        "Scan the code, then give the six digits.",
      );
    },
  );
  app.post(
    "/ops/factor/verify",
    {
      onRequest: [app.requireAuth, operatorOnly(db)],
      config: factorLimit,
      schema: {
        tags,
        summary: "Pass the second factor on this session (a TOTP code, or a recovery code once)",
        security,
        body: FactorCodeBody,
        response: { 200: envelope(OperatorStatus) },
      },
    },
    async (req) => {
      const auth = currentUser(req);
      await passSecondFactor(db, config.sessionSecret, auth, req.body.code);
      return ok(await operatorStatus(db, auth), "Second factor passed.");
    },
  );
}

/** Granting roles: admin only. */
export function registerRoleRoutes(app: OpsApp, { tags, security, guard }: OpsRouteContext) {
  const { db } = app.deps;
  app.post(
    "/ops/roles",
    {
      onRequest: guard("roles"),
      schema: {
        tags,
        summary: "Grant an operator role to an account (admin only); `none` takes it away",
        security,
        body: GrantRoleBody,
        response: {
          200: envelope(
            z.object({ userId: z.string(), before: OperatorRole.nullable(), after: OperatorRole.nullable() }),
          ),
        },
      },
    },
    async (req) => ok(await grantRole(db, operatorOf(req), req.body), "Role changed."),
  );
}
