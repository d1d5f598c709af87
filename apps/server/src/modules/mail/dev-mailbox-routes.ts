import { ok } from "@mx/kit/reply";
import { envelope } from "@mx/shared/schemas/common";
import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { devMail } from "../../db/schema/mail";

const MailItem = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
const Query = z.strictObject({ to: z.string().max(254).optional() });
const LIST_LIMIT = 100;

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** The dev mailbox: only registered while SMTP is not configured, and never in production. */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const list = async (to: string | undefined) => {
    const rows = await app.deps.db
      .select()
      .from(devMail)
      .where(to ? eq(devMail.to, to.toLowerCase()) : undefined)
      .orderBy(desc(devMail.createdAt))
      .limit(LIST_LIMIT);
    return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  };

  app.get(
    "/dev/mailbox/messages",
    {
      config: { rateLimit: false },
      schema: {
        tags: ["dev"],
        summary: "Mail kept by the dev mailbox, newest first",
        querystring: Query,
        response: { 200: envelope(z.array(MailItem)) },
      },
    },
    async (req) => ok(await list(req.query.to), "Dev mailbox"),
  );

  app.get("/dev/mailbox", { schema: { hide: true, querystring: Query } }, async (req, reply) => {
    const mails = await list(req.query.to);
    const items = mails
      .map(
        (m) => `<article><header><strong>${escapeHtml(m.subject)}</strong><br>
to ${escapeHtml(m.to)} · <time>${escapeHtml(m.createdAt)}</time></header><pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join("\n");
    reply.type("text/html; charset=utf-8");
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev mailbox</title><style>
body{font-family:system-ui,sans-serif;background:#0d1117;color:#e6edf3;max-width:760px;margin:0 auto;padding:24px}
article{background:#161b22;border-radius:8px;padding:16px;margin:12px 0}pre{white-space:pre-wrap;font-size:14px}
input,button{font:inherit;padding:6px 10px}small{color:#8b949e}</style></head><body>
<h1>Dev mailbox</h1><p><small>Mail is kept here instead of being sent, because SMTP_URL is not set.</small></p>
<form method="get"><label>To <input name="to" type="email" value="${escapeHtml(req.query.to ?? "")}"></label> <button>Filter</button></form>
${items || "<p>No mail yet.</p>"}</body></html>`;
  });
};
