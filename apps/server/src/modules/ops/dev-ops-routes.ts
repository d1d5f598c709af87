import { ok } from "@mx/kit/reply";
import { envelope } from "@mx/shared/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { runOpsCommand } from "./ops-command";

const Body = z.strictObject({ args: z.array(z.string().max(254)).max(5) });
const Result = z.object({ exitCode: z.number().int(), output: z.string() });

/**
 * `npm run ops` over HTTP, like `/dev/orders` never in production: the browser stories make their first admin with
 * it, their database living in the server's memory.
 */
export const devOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/dev/ops",
    {
      config: { rateLimit: false },
      schema: {
        hide: true,
        tags: ["dev"],
        summary: "Runs `npm run ops -- <args>` against this server's database; answers what it printed",
        body: Body,
        response: { 200: envelope(Result) },
      },
    },
    async (req) => {
      const lines: string[] = [];
      const exitCode = await runOpsCommand(app.deps.db, req.body.args, (line) => lines.push(line));
      return ok({ exitCode, output: lines.join("\n") }, "Ops command");
    },
  );
};
