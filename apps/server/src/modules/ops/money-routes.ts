import { ok } from "@mx/kit/reply";
import { envelope, IdParams } from "@mx/shared/schemas/common";
import {
  DevelopmentRefundResult,
  JobParams,
  MoneyHealth,
  RefundBody,
  RefundResult,
} from "@mx/shared/schemas/ops";
import { z } from "zod";
import { operatorOf } from "./guard";
import { moneyHealth, retryJob, retryMessage } from "./money";
import { refundDevelopment } from "./refund-development";
import { refundPurchase } from "./refund-purchase";
import type { OpsApp, OpsRouteContext } from "./route-context";

/** Refunds of purchases and developments through the money operation: finance and admin. */
export function registerRefundRoutes(app: OpsApp, { tags, security, guard }: OpsRouteContext) {
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
}

/** The money's health, and queueing a failed outbox message or job again: finance and admin. */
export function registerMoneyHealthRoutes(app: OpsApp, { tags, security, guard }: OpsRouteContext) {
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
        summary: "Queue a failed outbox message (mail, push) again",
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
}
