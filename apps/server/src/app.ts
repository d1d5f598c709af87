import { isUtf8 } from "node:buffer";
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { constants as zlibConstants } from "node:zlib";
import compress from "@fastify/compress";
import proxyAddr from "@fastify/proxy-addr";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { AppError } from "@mx/kit/errors";
import { CardError, GatewayRequestError, type PaymentGateway } from "@mx/processors/gateway";
import { serverMessages } from "@mx/shared/messages";
import { API_BASE } from "@mx/shared/routes";
import Fastify, { type FastifyError, type FastifyInstance, type RouteOptions } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import helmet from "helmet";
import { createGateway } from "./create-gateway";
import type { AppDeps } from "./deps";
import { type FastRead, fastReads } from "./lib/fast-reads";
import { type FastAnswer, type FixedReply, fixedReplyOf, frontDoor } from "./lib/front-door";
import { idempotency } from "./lib/idempotency";
import { registerRateLimits } from "./lib/rate-limit";
import { badQueryEncoding, badTextField, describeValidation, exponentNumber } from "./lib/validation";
import { alertRoutes } from "./modules/alerts/routes";
import { authPlugin } from "./modules/auth/plugin";
import { authRoutes } from "./modules/auth/routes";
import { tokenFromHeader } from "./modules/auth/sessions";
import { bidRoutes } from "./modules/bids/routes";
import { buildingRoutes } from "./modules/buildings/routes";
import { loadCollections } from "./modules/collections/catalogue";
import { collectionRoutes } from "./modules/collections/routes";
import { developmentRoutes } from "./modules/developments/routes";
import { vapidKeys, WebPushSender } from "./modules/live/push";
import { liveRoutes } from "./modules/live/routes";
import { devMailboxRoutes } from "./modules/mail/dev-mailbox-routes";
import { devMailboxMailer, type Mailer, smtpMailer, withSupportAddress } from "./modules/mail/mailer";
import { mapRoutes } from "./modules/map/routes";
import { MapTiles } from "./modules/map/tiles";
import { marketRoutes } from "./modules/market/routes";
import { offerWallPartnerHost } from "./modules/offerwall/pending-offers";
import { offerwallRoutes } from "./modules/offerwall/routes";
import { devOpsRoutes } from "./modules/ops/dev-ops-routes";
import { opsRoutes } from "./modules/ops/routes";
import { otpRoutes } from "./modules/otp/routes";
import { paypalApiOf } from "./modules/payments/paypal-gateway";
import { paymentRoutes } from "./modules/payments/routes";
import { payoutRoutes } from "./modules/payouts/routes";
import { playerRoutes } from "./modules/players/routes";
import { propertyRoutes } from "./modules/properties/routes";
import { reportRoutes } from "./modules/reports/routes";
import { devOrdersRoutes } from "./modules/shop/dev-orders-routes";
import { shopRoutes } from "./modules/shop/routes";
import { HotReads } from "./modules/system/hot-reads";
import { metrics } from "./modules/system/metrics";
import { systemRoutes } from "./modules/system/routes";
import { userRoutes } from "./modules/users/routes";
import { watchlistRoutes } from "./modules/watchlist/routes";
import { paypalWebhookRoutes } from "./modules/webhooks/paypal-webhook-routes";
import { processorNotices } from "./modules/webhooks/processor-notices";
import { stripeWebhookRoutes } from "./modules/webhooks/stripe-webhook-routes";
import { serveWebApp } from "./web";

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every route registered, with its options as finally built (tests list the sandbox's routes from it). */
    routeTable: RouteOptions[];
    /** The map's vector tiles, built from the catalogue (main.ts builds them ahead of the first player). */
    mapTiles: MapTiles;
    /**
     * `draining`: a shutdown has begun. `warming`: the catalogue and map tiles are still being built at start.
     * Readiness answers 503 in either case.
     */
    lifecycle: { draining: boolean; warming: boolean };
    /** This instance's caches of hot reads (modules/system/hot-reads.ts). */
    hot: HotReads;
    /** Signed-in reads the front door answers from the cache when it can (lib/fast-reads.ts), by path. */
    fastReads: Map<string, FastRead>;
  }
}

/** Fastify errors a client can cause, mapped to our codes and words. */
const clientErrors: Record<string, { code: AppError["code"]; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: "BAD_REQUEST", message: serverMessages.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: "BAD_REQUEST",
    message: "The request body is empty; send JSON, or drop the Content-Type header.",
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: "UNSUPPORTED_MEDIA_TYPE",
    message: "Send the request body as application/json.",
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: "PAYLOAD_TOO_LARGE", message: "The request body is too large." },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: "BAD_REQUEST", message: "The Content-Length header is wrong." },
};

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

/** The id a request is logged under: the one a proxy sent in X-Request-Id when it looks like an id, else a new one. */
function requestId(req: IncomingMessage): string {
  const sent = req.headers["x-request-id"];
  return typeof sent === "string" && /^[A-Za-z0-9._:-]{8,64}$/.test(sent) ? sent : randomUUID();
}

export type BuildOptions = Pick<AppDeps, "config" | "database" | "faults"> & {
  mailer?: Mailer;
  gateway?: PaymentGateway;
  /**
   * Whether this instance's caches hear the changes this process makes at once, as well as through the live
   * channel (default). Off only where two instances share one process in a test, to stand for another process.
   */
  hearsThisProcess?: boolean;
};

export async function buildApp({
  config,
  database,
  mailer,
  gateway,
  faults,
  hearsThisProcess = true,
}: BuildOptions): Promise<FastifyInstance> {
  // /healthz answered in front of Fastify once its fixed reply is known (below): a balancer polls it often. The
  // server's timeouts (config.http) are set there: a slow or stalled client cannot hold a connection or a request
  // forever.
  const fixedReplies = new Map<string, FixedReply>();
  // Hot signed-in reads held in the cache are answered there too, once the app is built (below).
  const fast: { answer: FastAnswer | null } = { answer: null };
  const app = Fastify({
    serverFactory: frontDoor(fixedReplies, requestId, config.http, fast),
    logger: {
      level: config.logLevel,
      redact: [
        "req.headers.authorization",
        "req.headers.cookie",
        "*.password",
        "*.newPassword",
        "*.otp",
        "*.otpToken",
      ],
    },
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    // Every log line of a request carries its id: the proxy's X-Request-Id when it sends a sane one, else ours.
    requestIdHeader: false,
    genReqId: requestId,
  }).withTypeProvider<ZodTypeProvider>();
  app.server.headersTimeout = config.http.headersTimeoutMs;

  // The sandbox's offer-wall partner runs in this process when it is the chosen partner, off production only;
  // loaded only then. It brings its own secret and sample offers.
  const sandboxWall =
    config.offerwall.provider === "sandbox" && !config.isProduction
      ? (await import("@mx/sandbox/offer-wall")).sandboxOfferWall({
          seed: config.sessionSecret,
          delayMs: config.offerwall.sandboxDelayMs,
        })
      : null;
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    mailer: withSupportAddress(
      mailer ??
        (config.mail.smtpUrl
          ? smtpMailer(config.mail.smtpUrl, config.mail.from)
          : devMailboxMailer(database.db, app.log)),
      config.supportEmail,
    ),
    gateway: gateway ?? (await createGateway(config, database)),
    offerWallPartner: sandboxWall,
    webPush: new WebPushSender(database.db, vapidKeys(config), config.vapidSubject, app.log, config.push),
    collections: loadCollections(config.collectionsFile, (message) => app.log.warn(message)),
    faults,
    log: app.log,
  };
  // loadConfig already refuses this; an app built by other means must not take cards on the sandbox either.
  if (config.isProduction && deps.gateway.kind === "sandbox") {
    throw new Error("The sandbox payment gateway cannot run in production: set STRIPE_SECRET_KEY.");
  }
  app.decorate("deps", deps);
  const routeTable: RouteOptions[] = [];
  app.decorate("routeTable", routeTable);
  app.decorate("lifecycle", { draining: false, warming: false });
  const hot = new HotReads({ hearsThisProcess });
  app.decorate("hot", hot);
  app.decorate("fastReads", new Map<string, FastRead>());
  app.addHook("onClose", async () => hot.close());
  app.addHook("onListen", async () => {
    fixedReplies.set("/healthz", fixedReplyOf(await app.inject({ method: "GET", url: "/healthz" })));
  });
  app.addHook("onRoute", (route) => {
    routeTable.push(route);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only; anything else is refused with 415 rather than parsed as text.
  app.removeContentTypeParser("text/plain");
  // A JSON body is UTF-8 throughout, and its numbers are plain decimals: invalid bytes (which would be read as
  // U+FFFD) and exponents ("1e1") are refused naming the problem, before the usual parser reads the text.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (req, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) {
      done(new AppError("BAD_REQUEST", "request body: must be valid UTF-8 text"), undefined);
      return;
    }
    const text = bytes.toString("utf8");
    const exponent = exponentNumber(text);
    if (exponent) {
      const field = exponent.field || "request body";
      done(
        new AppError(
          "BAD_REQUEST",
          `${field}: must be a plain decimal number, not ${exponent.number.slice(0, 40)}`,
        ),
        undefined,
      );
      return;
    }
    parseJson(req, text, done);
  });
  app.addHook("preValidation", (req, _reply, done) => {
    // JSON is UTF-8 (RFC 8259): a body declared in another charset would be read wrongly, so it is refused.
    const type = req.headers["content-type"];
    const charset = type ? /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(type)?.[1] : undefined;
    if (charset && !/^utf-?8$/i.test(charset)) {
      done(new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the request body as application/json in UTF-8."));
      return;
    }
    const mark = req.url.indexOf("?");
    const badQuery = mark < 0 ? null : badQueryEncoding(req.url.slice(mark + 1));
    if (badQuery !== null) {
      done(new AppError("BAD_REQUEST", `${badQuery}: must be valid UTF-8, percent-encoded`));
      return;
    }
    for (const [part, value] of [
      ["request body", req.body],
      ["query", req.query],
      ["path", req.params],
    ] as const) {
      const found = badTextField(value);
      if (found === null) continue;
      // A wildcard route's parameter is named "*": the path is what the caller sent.
      const name = !found.field || found.field === "*" ? part : found.field;
      done(new AppError("BAD_REQUEST", `${name}: ${found.problem}`));
      return;
    }
    done();
  });

  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    const send = (statusCode: number, code: string, message: string) =>
      reply.code(statusCode).send({ statusCode, message, code });
    if (error instanceof CardError || error instanceof GatewayRequestError) {
      // The processor's own code and, with Stripe, its request id ("card_error 402 card_declined req_…"), for
      // an operator to look the request up in Stripe's dashboard.
      const processor = error.cause instanceof Error ? error.cause.message : undefined;
      req.log.warn({ processorCode: error.code, processor }, "payment processor refused the request");
    }
    if (error instanceof CardError) return send(402, "CARD_ERROR", error.message);
    if (error instanceof GatewayRequestError) {
      if (error.statusCode >= 500) req.log.error({ err: error }, "payment processor unavailable");
      return send(error.statusCode, "PAYMENT_REQUEST_FAILED", error.message);
    }
    if (error instanceof AppError) {
      if (error.retryAfter) reply.header("retry-after", String(error.retryAfter));
      // A 503 with no cause is the server's own state (warming up, shutting down), not a fault: no error line.
      if (error.code === "UNAVAILABLE" && !error.cause) req.log.info(error.message);
      else if (error.statusCode >= 500) req.log.error({ err: error.cause ?? error }, error.message);
      return send(error.statusCode, error.code, error.message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(400, "VALIDATION_FAILED", describeValidation(error.validation, error.validationContext));
    }
    if (!isResponseSerializationError(error)) {
      const known = error.code ? clientErrors[error.code] : undefined;
      if (known) return send(error.statusCode ?? 400, known.code, known.message);
      if (error.statusCode === 429) return send(429, "TOO_MANY_REQUESTS", serverMessages.tooManyRequests);
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return send(error.statusCode, error.code ?? "BAD_REQUEST", error.message);
      }
    }
    req.log.error({ err: error }, "unhandled error");
    return send(500, "INTERNAL", serverMessages.internal);
  });

  // With PayPal, the browser loads PayPal's JavaScript SDK and its buttons' frames, and talks to PayPal.
  const paypalSources = config.paypal ? ["https://www.paypal.com", "https://*.paypal.com"] : [];
  // Security headers (helmet): the middleware is built once, its CSP parsed once, not on every request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
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
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Every header it sets is the same on every reply: they are worked out once and added to Fastify's own headers,
  // written with the status line in one go. Pages get them all; the API's JSON the few a JSON reply needs.
  const pageHeaders = staticHeaders(securityHeaders);
  const apiHeaders = jsonReplyHeaders(pageHeaders);
  app.addHook("onRequest", (req, reply, done) => {
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
  // Before compression, so the reply it keeps is the JSON, not a compressed stream.
  idempotency(app);
  // Brotli at quality 5 compresses JSON nearly as well as 11, many times faster.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  const rate = await registerRateLimits(app, config);
  await app.register(swagger, {
    openapi: {
      info: { title: "Manhattan Exchange API", version: "1.0.0" },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
  await app.register(authPlugin);

  const observe = await metrics(app);
  await app.register(systemRoutes);
  await app.register(
    async (api) => {
      await api.register(otpRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(propertyRoutes);
      await api.register(developmentRoutes);
      await api.register(bidRoutes);
      await api.register(buildingRoutes);
      await api.register(paymentRoutes);
      await api.register(payoutRoutes);
      await api.register(shopRoutes);
      await api.register(offerwallRoutes);
      await api.register(marketRoutes);
      await api.register(reportRoutes);
      await api.register(watchlistRoutes);
      await api.register(alertRoutes);
      await api.register(playerRoutes);
      await api.register(collectionRoutes);
      await api.register(opsRoutes);
      if (config.stripe) await api.register(stripeWebhookRoutes);
      const paypalApi = paypalApiOf(deps.gateway);
      if (paypalApi?.kind === "paypal" && config.paypal?.webhookId) {
        await api.register(paypalWebhookRoutes(paypalApi, config.paypal.webhookId));
      }
    },
    { prefix: API_BASE },
  );
  const mapTiles = new MapTiles(database.db, {
    mapDataDir: config.mapDataDir,
    islandFile: config.islandFile,
  });
  app.decorate("mapTiles", mapTiles);
  await app.register(mapRoutes(mapTiles));
  await app.register(liveRoutes);
  if (deps.mailer.kind === "dev-mailbox" && !config.isProduction) {
    await app.register(devMailboxRoutes);
    await app.register(devOrdersRoutes);
    await app.register(devOpsRoutes);
  }
  // The sandboxes' routes exist only off production, and only for the sandboxes chosen (the card processor, the
  // offer wall's partner); loaded only then.
  const sandboxes = {
    processors:
      deps.gateway.kind === "sandbox" && !config.isProduction
        ? {
            db: database.db,
            publicUrl: config.publicUrl,
            requestsPerMinute: config.rateLimit.authMax * 3,
            notices: processorNotices(deps, app.log),
          }
        : null,
    offerWall: sandboxWall ? { partner: sandboxWall, host: offerWallPartnerHost(deps, app) } : null,
  };
  if (sandboxes.processors || sandboxes.offerWall) {
    await app.register((await import("@mx/sandbox/routes")).sandboxRoutes, sandboxes);
  }

  const flatApiHeaders = Object.entries(apiHeaders).flat();
  const trustAll = () => true;
  fast.answer = fastReads({
    reads: app.fastReads,
    signedIn: (authorization) => app.sessions.known(tokenFromHeader(authorization)),
    // As Fastify's request.ip: the first address the trusted proxy forwarded, else the connection's.
    address: (req) => (config.trustProxy ? proxyAddr(req, trustAll) : (req.socket.remoteAddress ?? "")),
    rate,
    draining: () => app.lifecycle.draining,
    headers: flatApiHeaders,
    idOf: requestId,
    observe: (route, statusCode, seconds) => observe("GET", route, statusCode, seconds),
    log: app.log,
  });

  const webFallback = await serveWebApp(app, config.webDistDir);
  app.setNotFoundHandler((req, reply) => {
    const isPage =
      (req.method === "GET" || req.method === "HEAD") &&
      !/^\/(api|dev)(\/|$)/.test(req.url) &&
      !/\.\w+$/.test(req.url.split("?")[0] ?? "");
    if (isPage && webFallback) return webFallback(req, reply);
    return reply.code(404).send({
      statusCode: 404,
      message: `No route for ${req.method} ${req.url.split("?")[0]}.`,
      code: "NOT_FOUND",
    });
  });

  return app;
}
