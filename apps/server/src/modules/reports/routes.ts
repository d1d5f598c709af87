import { ok } from "@mx/kit/reply";
import { envelope } from "@mx/shared/schemas/common";
import { ReportBody } from "@mx/shared/schemas/ops";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../auth/plugin";
import { fileReport } from "./file-report";

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  app.post(
    "/reports",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["reports"],
        summary: `Report a building's name or a player to the operators (${config.reportsPerDay} a day; one open report per target)`,
        security: [{ bearer: [] }],
        body: ReportBody,
        response: { 201: envelope(z.object({ id: z.string() })) },
      },
    },
    async (req, reply) => {
      const filed = await fileReport(db, currentUser(req).userId, req.body, config.reportsPerDay);
      return reply.code(201).send(ok(filed, "Thank you: an operator will look at your report.", 201));
    },
  );
};
