import { AppError } from "@mx/kit/errors";
import { ok } from "@mx/kit/reply";
import { PaypalError } from "@mx/processors/paypal-api";
import { formatCents } from "@mx/shared/money";
import { API_BASE } from "@mx/shared/routes";
import { envelope } from "@mx/shared/schemas/common";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { SandboxPaypalDisputeBody, SandboxPaypalDisputeData, sandboxPaths } from "./api";
import { serveFramedFormPages } from "./framed-form-pages";
import type { SandboxNoticeWorker } from "./notices";
import { answerSandboxPaypal, SANDBOX_PAYPAL_BUYER } from "./paypal";
import { openSandboxPaypalDispute } from "./paypal-disputes";
import type { ProcessorsHere } from "./processors-here";
import { sandboxPaypalOrders } from "./schema";

const Params = z.object({ id: z.string().regex(/^[A-Z0-9]{17}$/, { error: "must be a PayPal order id" }) });
const Outcome = z.object({
  outcome: z.enum(["approve", "cancel", "decline"], { error: "must be approve, cancel or decline" }),
});

const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><style>
body{font-family:system-ui,sans-serif;background:#f5f7fa;color:#001c64;margin:0;display:grid;place-items:center;min-height:100vh;padding:16px;box-sizing:border-box}
main{background:#fff;border:1px solid #cbd2d6;border-radius:12px;padding:24px;max-width:380px;width:100%;text-align:center}
.brand{font-weight:800;font-style:italic;font-size:1.5rem;color:#003087}.brand span{color:#0070e0}
button{display:block;width:100%;margin-top:12px;padding:12px;border-radius:24px;font:inherit;font-weight:600;cursor:pointer}
.ok{background:#0070e0;color:#fff;border:0}.no{background:#fff;color:#001c64;border:1px solid #001c64}
.bad{background:#fff;color:#b3261e;border:1px solid #b3261e}small{color:#545d68}</style></head><body><main>${body}</main></body></html>`;

/**
 * The sandbox's stand-in for PayPal's approval pop-up: its test buyer approves the order, cancels, or approves with
 * a wallet PayPal then declines. The app frames it as it frames the bank's page (see sandbox-challenge-routes), and
 * asks the server to capture or authorize afterwards. Exists only with the sandbox gateway, never in production.
 */
export const sandboxPaypalRoutes: FastifyPluginAsyncZod<
  Pick<ProcessorsHere, "db"> & { noticeWorker?: Pick<SandboxNoticeWorker, "sweepSoon"> }
> = async (app, { db, noticeWorker }) => {
  serveFramedFormPages(app);

  app.post(
    `${API_BASE}${sandboxPaths.paypalDisputes}`,
    {
      schema: {
        tags: ["payments"],
        summary:
          "Sandbox PayPal: its buyer disputes a captured order; the dispute is told to the platform at once",
        body: SandboxPaypalDisputeBody,
        response: { 200: envelope(SandboxPaypalDisputeData) },
      },
    },
    async (req) => {
      const dispute = await openSandboxPaypalDispute(db, req.body.orderId, req.body.reason).catch(
        (error: unknown) => {
          throw error instanceof PaypalError ? asAppError(error) : error;
        },
      );
      noticeWorker?.sweepSoon();
      return ok(dispute, "Dispute opened");
    },
  );

  app.get("/sandbox/paypal/approve/:id", { schema: { hide: true, params: Params } }, async (req, reply) => {
    const [order] = await db
      .select()
      .from(sandboxPaypalOrders)
      .where(eq(sandboxPaypalOrders.id, req.params.id));
    if (!order) throw new AppError("NOT_FOUND", `No PayPal order ${req.params.id}.`);
    reply.type("text/html; charset=utf-8");
    if (order.status !== "CREATED" || order.payerAction === "cancelled") {
      return page("PayPal", `<h1>Nothing to approve</h1><p>This payment has already been answered.</p>`);
    }
    const what = order.intent === "AUTHORIZE" ? "hold" : "pay";
    return page(
      "Pay with PayPal (sandbox)",
      `<p class="brand">Pay<span>Pal</span></p>
<h1>${order.intent === "AUTHORIZE" ? "Approve a hold" : "Approve your payment"}</h1>
<p>Logged in as <strong>${SANDBOX_PAYPAL_BUYER}</strong>.</p>
<p>Manhattan Exchange asks to ${what} <strong>${formatCents(order.amountCents)}</strong>.</p>
<p><small>Sandbox: this stands in for PayPal's pop-up; no money moves.</small></p>
<form method="post" action="/sandbox/paypal/approve/${order.id}">
<button class="ok" type="submit" name="outcome" value="approve">Approve</button>
<button class="no" type="submit" name="outcome" value="cancel">Cancel and return</button>
<button class="bad" type="submit" name="outcome" value="decline">Approve with a declined wallet</button></form>`,
    );
  });

  app.post(
    "/sandbox/paypal/approve/:id",
    { schema: { hide: true, params: Params, body: Outcome } },
    async (req, reply) => {
      const order = await answerSandboxPaypal(db, req.params.id, req.body.outcome);
      reply.type("text/html; charset=utf-8");
      return page(
        "PayPal",
        order.payerCancelled
          ? `<h1>Payment cancelled</h1><p>Returning to Manhattan Exchange…</p>`
          : `<h1>Payment approved</h1><p>Returning to Manhattan Exchange…</p>`,
      );
    },
  );
};

/** PayPal's refusal in the app's words: an unknown order, a second dispute, or an order with nothing to dispute. */
function asAppError(error: PaypalError): AppError {
  if (error.statusCode === 404) return new AppError("NOT_FOUND", error.message);
  if (error.statusCode === 409) return new AppError("CONFLICT", error.message);
  return new AppError("BAD_REQUEST", error.message);
}
