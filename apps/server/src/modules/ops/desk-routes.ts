import { ok } from "@mx/kit/reply";
import { envelope, IdParams } from "@mx/shared/schemas/common";
import {
  AuditEntry,
  AuditQuery,
  OrderToShip,
  Report,
  ResolveReportBody,
  ShipOrderBody,
} from "@mx/shared/schemas/ops";
import { z } from "zod";
import { listAudit } from "./audit";
import { operatorOf } from "./guard";
import { markShipped, ordersToShip } from "./orders";
import { listReports, resolveReport } from "./report-queue";
import type { OpsApp, OpsRouteContext } from "./route-context";

/** The reports queue and its decisions. */
export function registerReportRoutes(app: OpsApp, { tags, security, guard }: OpsRouteContext) {
  const { db } = app.deps;
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
}

/** The shop's orders waiting to ship, and shipping one. */
export function registerOrderRoutes(app: OpsApp, { tags, security, guard }: OpsRouteContext) {
  const { db } = app.deps;
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
}

/** The audit log. */
export function registerAuditRoutes(app: OpsApp, { tags, security, guard }: OpsRouteContext) {
  const { db } = app.deps;
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
}
