import { ok } from "@mx/kit/reply";
import { envelope } from "@mx/shared/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { runOrdersCommand } from "./orders-command";

const Body = z.strictObject({ args: z.array(z.string().max(200)).max(10) });
const Result = z.object({ exitCode: z.number().int(), output: z.string() });

/**
 * `npm run orders` over HTTP, beside the dev mailbox and like it never in production: a server on a throw-away
 * database (the browser stories') has no other way for the command to reach its orders.
 */
export const devOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/dev/orders",
    {
      config: { rateLimit: false },
      schema: {
        hide: true,
        tags: ["dev"],
        summary: "Runs `npm run orders -- <args>` against this server's database; answers what it printed",
        body: Body,
        response: { 200: envelope(Result) },
      },
    },
    async (req) => {
      const lines: string[] = [];
      const exitCode = await runOrdersCommand(app.deps, req.body.args, (line) => lines.push(line));
      return ok({ exitCode, output: lines.join("\n") }, "Orders command");
    },
  );
};
