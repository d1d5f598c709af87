import { ok } from "@mx/kit/reply";
import { envelope, IdParams } from "@mx/shared/schemas/common";
import {
  AuditEntry,
  AuditQuery,
  BuildingResetBody,
  DevelopmentRefundResult,
  Enrolment,
  FactorCodeBody,
  FreezeBody,
  GrantRoleBody,
  JobParams,
  MoneyHealth,
  OperatorRole,
  OperatorStatus,
  OrderToShip,
  PlayerDetail,
  PlayerSearchQuery,
  PlayerSummary,
  RefundBody,
  RefundResult,
  Report,
  ResolveReportBody,
  ShipOrderBody,
} from "@mx/shared/schemas/ops";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../auth/plugin";
import { listAudit } from "./audit";
import { operatorStatus, passSecondFactor, startEnrolment } from "./factor";
import { operatorGuard, operatorOf, operatorOnly } from "./guard";
import { moneyHealth, retryJob, retryMessage } from "./money";
import { markShipped, ordersToShip } from "./orders";
import {
  freezePlayer,
  playerDetail,
  resetBuildingName,
  resetPlayerColour,
  resetUserName,
  revokePlayerSessions,
  searchPlayers,
} from "./players";
import { refundDevelopment } from "./refund-development";
import { refundPurchase } from "./refund-purchase";
import { listReports, resolveReport } from "./report-queue";
import { grantRole } from "./roles";

/**
 * The operator console's API, `/ops/*`. Checked on the request, before its body is read: every route answers 403 to a player, and, but for the second factor's own
 * routes (`/ops/factor/*`), 401 until this session has passed the second factor; then 403 where the role may not.
 */
export const opsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const tags = ["ops"];
  const security = [{ bearer: [] }];
  const guard = (permission: Parameters<typeof operatorGuard>[1]) => [
    app.requireAuth,
    operatorGuard(db, permission),
  ];
  const factorLimit = { rateLimit: { max: config.rateLimit.authMax, timeWindow: "1 minute" } };

  // The second factor.
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

  // Roles: admin only.
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

  // Players.
  app.get(
    "/ops/players",
    {
      onRequest: guard("view"),
      schema: {
        tags,
        summary: "Find players by e-mail, username or id",
        security,
        querystring: PlayerSearchQuery,
        response: { 200: envelope(z.array(PlayerSummary)) },
      },
    },
    async (req) => ok(await searchPlayers(db, req.query.q)),
  );
  app.get(
    "/ops/players/:id",
    {
      onRequest: guard("view"),
      schema: {
        tags,
        summary: "A player's profile, holdings, ledger lines, purchases, bids, payouts, sessions and reports",
        security,
        params: IdParams,
        response: { 200: envelope(PlayerDetail) },
      },
    },
    async (req) => ok(await playerDetail(db, req.params.id)),
  );
  app.post(
    "/ops/players/:id/freeze",
    {
      onRequest: guard("moderate"),
      schema: {
        tags,
        summary: "Freeze or lift a player's trading and/or payouts, with the reason the player sees",
        security,
        params: IdParams,
        body: FreezeBody,
        response: { 200: envelope(PlayerSummary) },
      },
    },
    async (req) => ok(await freezePlayer(db, operatorOf(req), req.params.id, req.body), "Saved."),
  );
  app.post(
    "/ops/players/:id/revoke-sessions",
    {
      onRequest: guard("moderate"),
      schema: {
        tags,
        summary: "End every session of a player",
        security,
        params: IdParams,
        response: { 200: envelope(z.object({ revoked: z.number().int() })) },
      },
    },
    async (req) => ok(await revokePlayerSessions(db, operatorOf(req), req.params.id), "Sessions ended."),
  );
  app.post(
    "/ops/players/:id/reset-username",
    {
      onRequest: guard("moderate"),
      schema: {
        tags,
        summary: "Replace a player's username with a neutral one",
        security,
        params: IdParams,
        response: { 200: envelope(z.object({ userName: z.string() })) },
      },
    },
    async (req) => ok(await resetUserName(db, operatorOf(req), req.params.id), "Username reset."),
  );
  app.post(
    "/ops/players/:id/reset-colour",
    {
      onRequest: guard("moderate"),
      schema: {
        tags,
        summary: "Put a player's building colour back to white",
        security,
        params: IdParams,
        response: { 200: envelope(z.object({ color: z.string() })) },
      },
    },
    async (req) => ok(await resetPlayerColour(db, operatorOf(req), req.params.id), "Colour reset."),
  );
  app.post(
    "/ops/buildings/reset-name",
    {
      onRequest: guard("moderate"),
      schema: {
        tags,
        summary: "Take an owner's name for a building down: it shows its own name again",
        security,
        body: BuildingResetBody,
        response: { 200: envelope(z.object({ buildingId: z.string(), name: z.string() })) },
      },
    },
    async (req) => ok(await resetBuildingName(db, operatorOf(req), req.body.buildingId), "Name reset."),
  );

  // Reports.
  app.get(
    "/ops/reports",
    {
      onRequest: guard("moderate"),
      schema: {
        tags,
        summary: "The reports queue (open), or the latest decided (closed)",
        security,
        querystring: z.strictObject({ status: z.enum(["open", "closed"]).default("open") }),
        response: { 200: envelope(z.array(Report)) },
      },
    },
    async (req) => ok(await listReports(db, req.query.status)),
  );
  app.post(
    "/ops/reports/:id/resolve",
    {
      onRequest: guard("moderate"),
      schema: {
        tags,
        summary: "Accept a report (reset the name, warn, freeze) or dismiss it",
        security,
        params: IdParams,
        body: ResolveReportBody,
        response: { 200: envelope(Report) },
      },
    },
    async (req) => ok(await resolveReport(db, operatorOf(req), req.params.id, req.body), "Report decided."),
  );

  // The shop.
  app.get(
    "/ops/orders",
    {
      onRequest: guard("ship"),
      schema: {
        tags,
        summary: "Paid shop orders waiting to ship, oldest first (what `npm run orders` lists)",
        security,
        response: { 200: envelope(z.array(OrderToShip)) },
      },
    },
    async () => ok(await ordersToShip(db)),
  );
  app.post(
    "/ops/orders/:id/ship",
    {
      onRequest: guard("ship"),
      schema: {
        tags,
        summary: "Mark an order shipped with its carrier and tracking number; the customer is e-mailed once",
        security,
        params: IdParams,
        body: ShipOrderBody,
        response: {
          200: envelope(z.object({ number: z.string(), emailed: z.boolean(), alreadyShipped: z.boolean() })),
        },
      },
    },
    async (req) =>
      ok(await markShipped(app.deps, operatorOf(req), req.params.id, req.body), "Order shipped."),
  );

  // Money: finance and admin.
  app.post(
    "/ops/purchases/:id/refund",
    {
      onRequest: guard("money"),
      schema: {
        tags,
        summary: "Refund a completed purchase through the money operation; the building returns to the game",
        security,
        params: IdParams,
        body: RefundBody,
        response: { 200: envelope(RefundResult) },
      },
    },
    async (req) =>
      ok(
        await refundPurchase(app.deps, operatorOf(req), req.params.id, req.body.reason),
        "Purchase refunded.",
      ),
  );
  app.post(
    "/ops/developments/:id/refund",
    {
      onRequest: guard("money"),
      schema: {
        tags,
        summary:
          "Refund a building's latest development through the money operation; its level and value are taken back",
        security,
        params: IdParams,
        body: RefundBody,
        response: { 200: envelope(DevelopmentRefundResult) },
      },
    },
    async (req) =>
      ok(
        await refundDevelopment(app.deps, operatorOf(req), req.params.id, req.body.reason),
        "Development refunded.",
      ),
  );
  app.get(
    "/ops/money",
    {
      onRequest: guard("money"),
      schema: {
        tags,
        summary: "What ledger:check prints, failed jobs and failed outbox messages",
        security,
        response: { 200: envelope(MoneyHealth) },
      },
    },
    async () => ok(await moneyHealth(app.deps)),
  );
  app.post(
    "/ops/outbox/:id/retry",
    {
      onRequest: guard("money"),
      schema: {
        tags,
        summary: "Queue a failed outbox message (mail, postback, push) again",
        security,
        params: IdParams,
        response: { 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (req) => ok(await retryMessage(app.deps, operatorOf(req), req.params.id), "Queued again."),
  );

  app.post(
    "/ops/jobs/:queue/:id/retry",
    {
      onRequest: guard("money"),
      schema: {
        tags,
        summary: "Queue a job that failed after its last retry again, with one more try",
        security,
        params: JobParams,
        response: { 200: envelope(z.object({ queue: z.string(), id: z.string() })) },
      },
    },
    async (req) =>
      ok(await retryJob(app.deps, operatorOf(req), req.params.queue, req.params.id), "Queued again."),
  );

  // The audit log.
  app.get(
    "/ops/audit",
    {
      onRequest: guard("view"),
      schema: {
        tags,
        summary: "The audit log, newest first",
        security,
        querystring: AuditQuery,
        response: { 200: envelope(z.array(AuditEntry)) },
      },
    },
    async (req) => ok(await listAudit(db, req.query)),
  );
};
