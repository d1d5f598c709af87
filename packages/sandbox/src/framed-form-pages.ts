import type { FastifyInstance } from "fastify";

/**
 * Sets up a sandbox plugin whose pages stand in for a third party's (a bank's check, PayPal's approval): they are
 * answered by a plain HTML form post, load nothing from elsewhere, and only this app may frame them.
 */
export function serveFramedFormPages(app: FastifyInstance): void {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addHook("onSend", async (_req, reply, payload) => {
    reply.header(
      "content-security-policy",
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'self'",
    );
    reply.header("x-frame-options", "SAMEORIGIN");
    return payload;
  });
}
