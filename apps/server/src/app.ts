import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { constants as zlibConstants } from "node:zlib";
import compress from "@fastify/compress";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { PaymentGateway } from "@mx/processors/gateway";
import Fastify, { type FastifyInstance, type RouteOptions } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { appDeps } from "./app-deps";
import { registerRoutes } from "./app-routes";
import type { Config } from "./config";
import { type SandboxDatabase, sandboxDatabaseOf } from "./create-gateway";
import type { AppDeps } from "./deps";
import { answerErrors } from "./lib/error-handler";
import { collectFastReads, type FastRead, fastReads, parseQuery } from "./lib/fast-reads";
import { type FastAnswer, type FixedReply, fixedReplyOf, frontDoor } from "./lib/front-door";
import { idempotency } from "./lib/idempotency";
import { parseJsonBodies } from "./lib/json-body";
import { clientAddress, limitKey, type RateCounter, registerRateLimits } from "./lib/rate-limit";
import { checkRequestText } from "./lib/request-text";
import { securityHeaders } from "./lib/security-headers";
import { authPlugin } from "./modules/auth/plugin";
import { tokenFromHeader } from "./modules/auth/sessions";
import type { Mailer } from "./modules/mail/mailer";
import type { MapTiles } from "./modules/map/tiles";
import { offerWallPartnerHost } from "./modules/offerwall/pending-offers";
import { HotReads } from "./modules/system/hot-reads";
import { metrics } from "./modules/system/metrics";
import { processorNotices } from "./modules/webhooks/processor-notices";
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
    /**
     * The fast reads the routes declare (`config.fastRead`), by path: the front door answers them from the cache
     * when it can (lib/fast-reads.ts).
     */
    fastReads: Map<string, FastRead>;
  }
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

/** Fastify as this server runs it: its logger (secrets redacted), body limit, request ids and query parser. */
function createFastify(config: Config, serverFactory: ReturnType<typeof frontDoor>) {
  const app = Fastify({
    serverFactory,
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
    // The front door reads a fast read's query with the very parser Fastify reads every query with.
    routerOptions: { querystringParser: parseQuery },
  }).withTypeProvider<ZodTypeProvider>();
  app.server.headersTimeout = config.http.headersTimeoutMs;
  return app;
}

/**
 * The app's own state, on the app: its dependencies, the route table, its lifecycle, its caches and the fast reads
 * its routes declare (collected as they are registered, before any plugin adds hooks to them).
 */
function decorateApp(app: FastifyInstance, deps: AppDeps, hearsThisProcess: boolean): void {
  app.decorate("deps", deps);
  const routeTable: RouteOptions[] = [];
  app.decorate("routeTable", routeTable);
  app.decorate("lifecycle", { draining: false, warming: false });
  const hot = new HotReads({ hearsThisProcess });
  app.decorate("hot", hot);
  const reads = new Map<string, FastRead>();
  app.decorate("fastReads", reads);
  app.addHook("onClose", async () => hot.close());
  countRequests(app, deps);
  app.addHook("onRoute", (route) => {
    routeTable.push(route);
  });
  collectFastReads(app, reads);
}

/**
 * Counts the requests in flight on `deps.requests`. The reply's 'close' comes once it is sent or once its client is
 * gone, whichever happens, so an aborted request is counted out too (onResponse would miss it).
 */
function countRequests(app: FastifyInstance, deps: AppDeps): void {
  const requests = { inFlight: 0 };
  deps.requests = requests;
  app.addHook("onRequest", (req, reply, done) => {
    // A WebSocket (the live channel) stays open for as long as the player does: it is not a request waiting.
    if (req.headers.upgrade) {
      done();
      return;
    }
    requests.inFlight += 1;
    reply.raw.once("close", () => {
      requests.inFlight -= 1;
    });
    done();
  });
}

/** The plugins every route goes through: idempotency keys, compression, rate limits, the API docs, sign-in. */
async function registerPlugins(app: FastifyInstance, config: Config): Promise<RateCounter> {
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
  return rate;
}

/**
 * The sandbox's offer-wall partner, run in this process when it is the chosen partner, off production only; loaded
 * only then. It brings its own secret and sample offers.
 */
async function loadSandboxWall(config: Config) {
  return config.offerwall.provider === "sandbox" && !config.isProduction
    ? (await import("@mx/sandbox/offer-wall")).sandboxOfferWall({
        seed: config.sessionSecret,
        delayMs: config.offerwall.sandboxDelayMs,
      })
    : null;
}

/**
 * The sandboxes' routes exist only off production, and only for the sandboxes chosen (the card processor, the
 * offer wall's partner); loaded only then. They keep their records in `sandbox`'s database.
 */
async function registerSandboxRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  sandboxWall: Awaited<ReturnType<typeof loadSandboxWall>>,
  sandbox: SandboxDatabase,
) {
  const { config } = deps;
  const processorsHere = deps.gateway.kind === "sandbox" && !config.isProduction;
  if (!processorsHere && !sandboxWall) return;
  const database = await sandbox.open();
  const sandboxes = {
    processors: processorsHere
      ? {
          db: database.db,
          publicUrl: config.publicUrl,
          requestsPerMinute: config.rateLimit.authMax * 3,
          notices: processorNotices(deps, app.log),
          disputeDelayMs: config.sandboxNoticeDelayMs,
        }
      : null,
    offerWall: sandboxWall ? { partner: sandboxWall, host: offerWallPartnerHost(deps, app), database } : null,
  };
  await app.register((await import("@mx/sandbox/routes")).sandboxRoutes, sandboxes);
}

/** Pages the web app renders for any other GET of a page; 404 in the API's words for everything else. */
async function answerNotFound(app: FastifyInstance, webDistDir: string): Promise<void> {
  const webFallback = await serveWebApp(app, webDistDir);
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
}

/** The server: Fastify with the app's plugins, hooks and routes, and the front door in front of it. */
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
  // The fast reads the routes declare are answered there too, once the app is built (below).
  const fast: { answer: FastAnswer | null } = { answer: null };
  const app = createFastify(config, frontDoor(fixedReplies, requestId, config.http, fast));
  const sandboxWall = await loadSandboxWall(config);
  // The sandbox's database of its own, if it has one, is closed with the app (after the sandbox's routes stop).
  const sandbox = sandboxDatabaseOf(config, database);
  app.addHook("onClose", async () => sandbox.close());
  const deps = await appDeps(app, { config, database, mailer, gateway, faults, sandbox }, sandboxWall).catch(
    async (error: unknown) => {
      await sandbox.close();
      throw error;
    },
  );
  decorateApp(app, deps, hearsThisProcess);
  app.addHook("onListen", async () => {
    fixedReplies.set("/healthz", fixedReplyOf(await app.inject({ method: "GET", url: "/healthz" })));
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  parseJsonBodies(app);
  checkRequestText(app);
  answerErrors(app);
  const apiHeaders = securityHeaders(app, config);
  const rate = await registerPlugins(app, config);
  const observe = await metrics(app);
  await registerRoutes(app, deps);
  await registerSandboxRoutes(app, deps, sandboxWall, sandbox);
  fast.answer = fastReads({
    reads: app.fastReads,
    signedIn: (authorization) => app.sessions.known(tokenFromHeader(authorization)),
    limitKey: (req) => limitKey(clientAddress(req, config.trustProxy)),
    rate,
    draining: () => app.lifecycle.draining,
    headers: Object.entries(apiHeaders).flat(),
    idOf: requestId,
    observe: (route, statusCode, seconds) => observe("GET", route, statusCode, seconds),
    log: app.log,
  });
  await answerNotFound(app, config.webDistDir);
  return app;
}
