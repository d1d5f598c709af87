import { AppError } from "@mx/kit/errors";
import { formatCents } from "@mx/shared/money";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { serveFramedFormPages } from "./framed-form-pages";
import { completeSandboxChallenge } from "./gateway";
import type { ProcessorsHere } from "./processors-here";
import { sandboxPaymentIntents } from "./schema";

const Params = z.object({ id: z.string().regex(/^pi_[\w-]+$/, { error: "must be a payment intent id" }) });
const Outcome = z.object({ outcome: z.enum(["complete", "fail"], { error: "must be complete or fail" }) });

const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><style>
body{font-family:system-ui,sans-serif;background:#f6f8fa;color:#1f2328;margin:0;display:grid;place-items:center;min-height:100vh;padding:16px;box-sizing:border-box}
main{background:#fff;border:1px solid #d0d7de;border-radius:12px;padding:24px;max-width:380px;width:100%;text-align:center}
button{display:block;width:100%;margin-top:12px;padding:12px;border-radius:8px;font:inherit;font-weight:600;cursor:pointer}
.ok{background:#1f883d;color:#fff;border:0}.no{background:#fff;color:#cf222e;border:1px solid #cf222e}
small{color:#656d76}</style></head><body><main>${body}</main></body></html>`;

/**
 * The sandbox's stand-in for a bank's 3-D Secure page, shown for Stripe's authentication test cards
 * (4000 0025 0000 3155, 4000 0000 0000 3220): the player completes or fails the check, then the app asks the server
 * to finish the payment. Exists only with the sandbox gateway, never in production. The app shows it in a frame of
 * its own origin, so this page alone may be framed by the app.
 */
export const sandboxChallengeRoutes: FastifyPluginAsyncZod<Pick<ProcessorsHere, "db">> = async (
  app,
  { db },
) => {
  serveFramedFormPages(app);

  app.get("/sandbox/challenge/:id", { schema: { hide: true, params: Params } }, async (req, reply) => {
    const [intent] = await db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, req.params.id));
    if (!intent) throw new AppError("NOT_FOUND", `No such payment_intent: '${req.params.id}'`);
    reply.type("text/html; charset=utf-8");
    if (intent.status !== "requires_action") {
      return page("Authentication", `<h1>Nothing to confirm</h1><p>This payment needs no confirmation.</p>`);
    }
    return page(
      "Confirm your payment (sandbox)",
      `<h1>Confirm your payment</h1>
<p>Your bank asks you to confirm a payment of <strong>${formatCents(intent.amountCents)}</strong>.</p>
<p><small>Sandbox: this stands in for your bank's 3-D Secure page.</small></p>
<form method="post" action="/sandbox/challenge/${intent.id}">
<button class="ok" type="submit" name="outcome" value="complete">Complete authentication</button>
<button class="no" type="submit" name="outcome" value="fail">Fail authentication</button></form>`,
    );
  });

  app.post(
    "/sandbox/challenge/:id",
    { schema: { hide: true, params: Params, body: Outcome } },
    async (req, reply) => {
      const intent = await completeSandboxChallenge(db, req.params.id, req.body.outcome);
      reply.type("text/html; charset=utf-8");
      const passed = intent.status === "succeeded" || intent.status === "requires_capture";
      return page(
        "Authentication",
        passed
          ? `<h1>Authentication complete</h1><p>Returning to Manhattan Exchange…</p>`
          : `<h1>Authentication failed</h1><p>Returning to Manhattan Exchange…</p>`,
      );
    },
  );
};
