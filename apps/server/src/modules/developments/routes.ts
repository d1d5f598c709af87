import { ok } from "@mx/kit/reply";
import { api } from "@mx/shared/routes";
import { envelope } from "@mx/shared/schemas/common";
import {
  ConfirmDevelopmentBody,
  DevelopBody,
  DevelopData,
  DevelopmentsData,
  DevelopmentsQuery,
} from "@mx/shared/schemas/developments";
import { ActionRequiredData } from "@mx/shared/schemas/payments";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../auth/plugin";
import { confirmWithYourBank, withConfirm } from "../payments/bank-check";
import { confirmDevelopment } from "./confirm-development";
import { developProperty } from "./develop";
import { getDevelopments } from "./list-developments";
import type { DevelopResult } from "./present-development";

/** A development begun (200), or the bank's check (or PayPal's approval) the owner must pass first (202). */
function developReply(reply: FastifyReply, result: DevelopResult) {
  if ("action" in result) {
    return confirmWithYourBank(
      reply,
      withConfirm(result.action, api.confirmDevelopment, { developmentId: result.developmentId }),
    );
  }
  return ok(result, result.message);
}

export const developmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];

  app.get(
    "/properties/developments",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["properties"],
        summary: "A building's development, and the four developments with their prices now",
        security,
        querystring: DevelopmentsQuery,
        response: { 200: envelope(DevelopmentsData) },
      },
    },
    async (req) =>
      ok(await getDevelopments(app.deps, currentUser(req).userId, req.query.propertyId), "Developments"),
  );

  app.post(
    api.develop,
    {
      preHandler: [app.requireAuth, app.idempotent],
      schema: {
        tags: ["properties"],
        summary:
          "Develop one's building to its next level: the cost + $6.00 processing fee + $2.99 sales tax, by card, PayPal or credits (202: the bank asks the owner to confirm the payment first)",
        security,
        body: DevelopBody,
        response: { 200: envelope(DevelopData), 202: envelope(ActionRequiredData) },
      },
    },
    async (req, reply) =>
      developReply(reply, await developProperty(app.deps, currentUser(req).userId, req.body)),
  );

  app.post(
    api.confirmDevelopment,
    {
      preHandler: [app.requireAuth, app.idempotent],
      schema: {
        tags: ["properties"],
        summary:
          "Start a development whose payment the owner has confirmed with their bank (or approved at PayPal)",
        security,
        body: ConfirmDevelopmentBody,
        response: { 200: envelope(DevelopData), 202: envelope(ActionRequiredData) },
      },
    },
    async (req, reply) =>
      developReply(
        reply,
        await confirmDevelopment(app.deps, currentUser(req).userId, req.body.developmentId),
      ),
  );
};
