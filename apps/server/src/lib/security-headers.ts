import type { IncomingMessage, ServerResponse } from "node:http";
import { AppError } from "@mx/kit/errors";
import { API_BASE } from "@mx/shared/routes";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import type { Config } from "../config";

/**
 * The headers a connect-style middleware sets on a response, found by running it once on a stand-in: for one whose
 * headers do not depend on the request (helmet as configured here, with no nonces).
 */
function staticHeaders(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
      return res;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  let finished = false;
  middleware(
    { headers: {}, method: "GET", url: "/" } as IncomingMessage,
    res as unknown as ServerResponse,
    (error) => {
      if (error) throw error;
      finished = true;
    },
  );
  if (!finished) throw new Error("the security headers' middleware did not finish at once");
  return headers;
}

/**
 * The security headers of a JSON reply, out of a page's: the browser must not sniff it into something else
 * (nosniff), nor frame it, nor let another origin load it, and keeps to HTTPS; it runs nothing, so its policy is the
 * strictest and short. What only a document reads (referrer, opener, DNS prefetch, the old XSS filter, a page's own
 * policy) is left to pages: each header is written and read on every reply, and the hot reads are most of them.
 */
function jsonReplyHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
  };
  for (const name of ["strict-transport-security", "cross-origin-resource-policy", "x-frame-options"]) {
    const value = pageHeaders[name];
    if (value !== undefined) kept[name] = value;
  }
  return kept;
}

/** Whether a path answers JSON (the API, the health checks), never a page the browser renders. */
function answersJson(url: string): boolean {
  if (url.startsWith(`${API_BASE}/`)) return true;
  const query = url.indexOf("?");
  const path = query < 0 ? url : url.slice(0, query);
  return path === "/healthz" || path === "/readyz";
}

/** The page's Content-Security-Policy: this origin, and the card processors' and offer wall's where they are used. */
function contentSecurityPolicy(config: Config) {
  // With PayPal, the browser loads PayPal's JavaScript SDK and its buttons' frames, and talks to PayPal.
  const paypalSources = config.paypal ? ["https://www.paypal.com", "https://*.paypal.com"] : [];
  return {
    defaultSrc: ["'self'"],
    // With Stripe, the browser loads Stripe.js, its card frames and the shop's Embedded Checkout frame
    // (js.stripe.com and its subdomains, checkout.stripe.com), and talks to Stripe's API.
    scriptSrc: [
      "'self'",
      ...(config.stripe ? ["https://js.stripe.com", "https://*.js.stripe.com"] : []),
      ...paypalSources,
    ],
    // A partner's offer wall is shown in a frame of its own origin.
    frameSrc: [
      ...(config.offerwall.wallUrl ? [new URL(config.offerwall.wallUrl).origin] : []),
      ...(config.stripe
        ? [
            "https://js.stripe.com",
            "https://*.js.stripe.com",
            "https://hooks.stripe.com",
            "https://checkout.stripe.com",
          ]
        : // The sandbox's 3-D Secure page is shown in a frame of this origin (see sandbox-challenge-routes).
          ["'self'"]),
      ...paypalSources,
    ],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: [
      "'self'",
      "data:",
      "blob:",
      ...(config.stripe ? ["https://*.stripe.com"] : []),
      ...(config.paypal ? ["https://*.paypalobjects.com", ...paypalSources] : []),
    ],
    workerSrc: ["'self'", "blob:"],
    // The live WebSocket: 'self' covers ws(s): to the same host only in newer browsers, so it is named.
    connectSrc: [
      "'self'",
      ...(config.stripe ? ["https://api.stripe.com", "https://checkout.stripe.com"] : []),
      ...paypalSources,
      config.publicUrl.replace(/^http/, "ws"),
    ],
    fontSrc: ["'self'", "data:"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: config.isProduction ? [] : null,
  };
}

/**
 * Security headers (helmet) on every reply, and a stopping instance's reads turned away. The middleware is built
 * once, its CSP parsed once, not on every request; every header it sets is the same on every reply, so they are
 * worked out once and added to Fastify's own headers, written with the status line in one go. Pages get them all;
 * the API's JSON the few a JSON reply needs (given back, for the front door to send the same).
 */
export function securityHeaders(app: FastifyInstance, config: Config): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
  });
  const pageHeaders = staticHeaders(middleware);
  const apiHeaders = jsonReplyHeaders(pageHeaders);
  app.addHook("onRequest", function replyHeaders(req, reply, done) {
    reply.headers(answersJson(req.url) ? apiHeaders : pageHeaders);
    reply.header("x-request-id", req.id);
    // A stopping instance (main.ts) turns reads away with 503 while its listener is still open: a proxy sends them
    // to another instance and counts the 503 as a failure, so it stops sending this one new work before the
    // listener closes. Writes are still answered here, as a proxy does not send a POST twice.
    if (app.lifecycle.draining && (req.method === "GET" || req.method === "HEAD")) {
      const path = req.url.split("?")[0];
      if (path !== "/healthz" && path !== "/metrics") {
        reply.header("connection", "close").header("retry-after", "1");
        done(new AppError("UNAVAILABLE", "The server is shutting down."));
        return;
      }
    }
    done();
  });
  return apiHeaders;
}
