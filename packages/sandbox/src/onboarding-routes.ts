import { AppError } from "@mx/kit/errors";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ProcessorsHere } from "./processors-here";
import { sandboxAccounts } from "./schema";

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

const Link = z.object({
  account: z.string().regex(/^acct_[\w-]+$/, { error: "must be an account id" }),
  return_url: z.string().max(2000),
  refresh_url: z.string().max(2000).optional(),
});
const Submission = Link.extend({ legal_name: z.string().trim().min(1, { error: "is required" }).max(100) });
const Field = z.string().regex(/^[a-z0-9_.]{1,100}$/, { error: "must be a requirement field" });
const Requirements = z.strictObject({
  account: Link.shape.account,
  currently_due: z.array(Field).max(20).default([]),
  past_due: z.array(Field).max(20).default([]),
});

/**
 * The sandbox's stand-in for Stripe's hosted onboarding: one form; submitting it completes the payout account and
 * returns to the app. Exists only with the sandbox gateway, never in production.
 */
export const sandboxOnboardingRoutes: FastifyPluginAsyncZod<ProcessorsHere> = async (
  app,
  { db, publicUrl, notices },
) => {
  // Only back into this app: the return address must not send players elsewhere.
  const ownUrl = (url: string) => {
    if (!url.startsWith(`${publicUrl}/`))
      throw new AppError("BAD_REQUEST", "return_url must point at this app");
    return url;
  };
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get("/sandbox/onboarding", { schema: { hide: true, querystring: Link } }, async (req, reply) => {
    const { account, return_url } = req.query;
    const [row] = await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, account));
    if (!row) throw new AppError("NOT_FOUND", `No such account: '${account}'`);
    ownUrl(return_url);
    const fields = [...new Set([...row.pastDue, ...row.currentlyDue])];
    const due =
      fields.length > 0
        ? `<p>Still needed: ${fields.map((f) => `<code>${escapeHtml(f)}</code>`).join(", ")}</p>`
        : "";
    reply.type("text/html; charset=utf-8");
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Set up payouts (sandbox)</title><style>
body{font-family:system-ui,sans-serif;background:#0d1117;color:#e6edf3;margin:0;display:grid;place-items:center;min-height:100vh;padding:16px}
main{background:#161b22;border-radius:12px;padding:28px;max-width:420px;width:100%}label{display:block;margin:14px 0 6px;font-weight:600}
input{width:100%;box-sizing:border-box;padding:10px;border-radius:8px;border:1px solid #30363d;background:#0d1117;color:#e6edf3;font:inherit}
button{margin-top:20px;width:100%;padding:12px;border:0;border-radius:8px;background:#f0b429;color:#111;font-weight:700;font:inherit;cursor:pointer}
small{color:#8b949e}</style></head><body><main>
<h1>Set up payouts</h1><p><small>Sandbox: this stands in for the payment provider's onboarding. No real details are needed.</small></p>${due}
<form method="post" action="/sandbox/onboarding">
<input type="hidden" name="account" value="${escapeHtml(account)}"><input type="hidden" name="return_url" value="${escapeHtml(return_url)}">
<label for="legal_name">Legal name</label><input id="legal_name" name="legal_name" required maxlength="100" value="${escapeHtml(row.email.split("@")[0] ?? "")}">
<label for="account_number">Bank account (test)</label><input id="account_number" value="000123456789" readonly>
<button type="submit">Agree and submit</button></form></main></body></html>`;
  });

  app.post("/sandbox/onboarding", { schema: { hide: true, body: Submission } }, async (req, reply) => {
    const { account, return_url, legal_name } = req.body;
    const target = ownUrl(return_url);
    const [row] = await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, account));
    if (!row) throw new AppError("NOT_FOUND", `No such account: '${account}'`);
    await db
      .update(sandboxAccounts)
      .set({ legalName: legal_name, detailsSubmittedAt: new Date() })
      .where(and(eq(sandboxAccounts.id, account), isNull(sandboxAccounts.detailsSubmittedAt)));
    // Whatever was due is given by this form.
    await db
      .update(sandboxAccounts)
      .set({ currentlyDue: [], pastDue: [] })
      .where(eq(sandboxAccounts.id, account));
    // Stripe tells the platform with `account.updated`; the sandbox applies the same at once.
    await notices.accountUpdated(account);
    return reply.redirect(target, 303);
  });

  /**
   * Stands in for Stripe asking more of an onboarded account (a verification that came back, a volume threshold):
   * the requirements become due, those past due hold its payouts, and the platform hears of it as it would from
   * `account.updated`.
   */
  app.post("/sandbox/accounts/requirements", { schema: { hide: true, body: Requirements } }, async (req) => {
    const { account, currently_due, past_due } = req.body;
    const [row] = await db
      .update(sandboxAccounts)
      .set({ currentlyDue: currently_due, pastDue: past_due })
      .where(eq(sandboxAccounts.id, account))
      .returning({ id: sandboxAccounts.id });
    if (!row) throw new AppError("NOT_FOUND", `No such account: '${account}'`);
    const updated = await notices.accountUpdated(account);
    return { statusCode: 200, message: "Requirements updated", data: updated };
  });
};
