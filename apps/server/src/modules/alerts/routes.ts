import { ok } from "@mx/kit/reply";
import { AlertSettings, AlertSettingsBody } from "@mx/shared/schemas/alerts";
import { envelope } from "@mx/shared/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../auth/plugin";
import { changeAlertSettings, readAlertSettings } from "./alert-settings";

export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const security = [{ bearer: [] }];

  app.get(
    "/users/alert-settings",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["alerts"],
        summary:
          "The caller's alerts (watched buildings listed, ask lowered, sold, bid on, developed), each on or off",
        security,
        querystring: z.strictObject({}),
        response: { 200: envelope(AlertSettings) },
      },
    },
    async (req) => ok(await readAlertSettings(db, currentUser(req).userId), "Alert settings"),
  );

  app.put(
    "/users/alert-settings",
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ["alerts"],
        summary:
          "Switch alerts on (true) or off (false); kinds left out stay as they are. Unknown kinds answer 400",
        security,
        body: AlertSettingsBody,
        response: { 200: envelope(AlertSettings) },
      },
    },
    async (req) =>
      ok(await changeAlertSettings(db, currentUser(req).userId, req.body), "Your alert settings are saved."),
  );
};
