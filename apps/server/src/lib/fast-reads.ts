import type { IncomingMessage, ServerResponse } from "node:http";
import { type ParsedUrlQuery, parse } from "node:querystring";
import type { FastifyBaseLogger, FastifyInstance, RouteOptions } from "fastify";
import { ZodType } from "zod";
import type { RateCounter } from "./rate-limit";
import { type ReadyReply, readyAnswer } from "./ready-reply";
import { requestTextProblem } from "./request-text";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * This GET may be answered from the reply this instance holds, before Fastify sees the request (the front
     * door, fast-reads.ts), as the route itself would answer it.
     */
    fastRead?: FastReadDeclaration;
  }
}

/** What a route declares to be answered at the front door: its Cache-Control and the reply it holds now. */
type FastReadDeclaration = {
  cacheControl: string;
  /**
   * The reply this instance holds now for this query (as the route's own querystring schema reads it), or null: the
   * route answers, loading what it lacks.
   */
  ready(query: unknown): ReadyReply | null;
};

/**
 * A fast read as the server built it from its route at start: the route's path, its Cache-Control and reply, and
 * what the front door reproduces of the route's hooks (its sign-in check, the global rate limit, its query schema).
 */
export type FastRead = FastReadDeclaration & {
  /** The route's path, as Fastify and the metrics name it. */
  route: string;
  /** Only for a signed-in player (the route's preHandler is requireAuth). */
  signedIn: boolean;
  /** Counted in the caller's global rate limit (the route does not opt out). */
  limited: boolean;
  /** The route's querystring schema, when it has one. */
  query: ZodType | null;
};

/** The query parser of every request, Fastify's (app.ts) and the front door's alike. */
export function parseQuery(text: string): ParsedUrlQuery {
  return parse(text, "&", "=", { maxKeys: 0 });
}

/** The hooks of a request's lifecycle, as Fastify names them in a route's options. */
const LIFECYCLE = [
  "onRequest",
  "preParsing",
  "preValidation",
  "preHandler",
  "preSerialization",
  "onSend",
  "onResponse",
  "onError",
  "onTimeout",
  "onRequestAbort",
] as const;

/**
 * Collects into `reads` every GET route that declares `config.fastRead`, as it is registered (before any plugin
 * adds hooks of its own to it), and refuses to start when the front door would answer one without something the
 * route does: a hook of the route's own other than requireAuth, a rate limit of its own, path parameters.
 */
export function collectFastReads(app: FastifyInstance, reads: Map<string, FastRead>): void {
  app.addHook("onRoute", (route) => {
    const declared = route.config?.fastRead;
    if (declared && route.method === "GET") reads.set(route.url, fastReadOf(app, route, declared));
  });
}

/** The fast read a route declares, or the error that stops the server when the front door cannot answer as it. */
function fastReadOf(app: FastifyInstance, route: RouteOptions, declared: FastReadDeclaration): FastRead {
  const refuse = (why: string) =>
    new Error(
      `The fast read GET ${route.url} ${why}, which the front door would not reproduce: drop config.fastRead from the route, or that from it.`,
    );
  if (/[:*]/.test(route.url)) throw refuse("has path parameters");
  let signedIn = false;
  for (const hook of LIFECYCLE) {
    for (const fn of [route[hook] ?? []].flat()) {
      if (hook === "preHandler" && fn === app.requireAuth) signedIn = true;
      else throw refuse(`has the ${hook} hook ${fn.name || "(anonymous)"}`);
    }
  }
  const rateLimit = route.config?.rateLimit;
  if (rateLimit !== undefined && rateLimit !== false) throw refuse("has a rate limit of its own");
  const query = route.schema?.querystring;
  if (query !== undefined && !(query instanceof ZodType)) throw refuse("has a querystring schema not in Zod");
  return {
    route: route.url,
    cacheControl: declared.cacheControl,
    ready: (parsed) => declared.ready(parsed),
    signedIn,
    limited: rateLimit !== false,
    query: query ?? null,
  };
}

/** What the front door needs of the app to answer a fast read as the route would. */
export type FastReadDoor = {
  /** Fast reads by path. */
  reads: ReadonlyMap<string, FastRead>;
  /** Whether this instance already knows the header's token for a live session (nothing is looked up). */
  signedIn(authorization: string | undefined): boolean;
  /** The key the caller is counted under in the rate limit, as the rate-limit plugin counts it. */
  limitKey(req: IncomingMessage): string;
  rate: RateCounter;
  /** A stopping instance leaves reads to Fastify, which turns them away. */
  draining(): boolean;
  /** The headers every API reply carries, as name, value, name, value… */
  headers: readonly string[];
  idOf(req: IncomingMessage): string;
  /** Counts the answer in the request metrics, as Fastify's answers are counted. */
  observe(route: string, statusCode: number, seconds: number): void;
  log: FastifyBaseLogger;
};

/**
 * The reply held for a fast read's request, or null when Fastify must answer: a query the app's text checks or the
 * route's schema refuse, or no reply held for it.
 */
function heldReply(read: FastRead, req: IncomingMessage, url: string, mark: number): ReadyReply | null {
  const query = parseQuery(mark < 0 ? "" : url.slice(mark + 1));
  const problem = requestTextProblem({
    url,
    contentType: req.headers["content-type"],
    body: undefined,
    query,
    params: {},
  });
  if (problem) return null;
  if (!read.query) return read.ready(query);
  const parsed = read.query.safeParse(query);
  return parsed.success ? read.ready(parsed.data) : null;
}

/**
 * The front door's answer to fast reads: true when it answers the request (at once, or once the rate limit has
 * counted it), false when Fastify must (not a fast read, an unknown or absent session, a reply not held, a query the
 * route would read otherwise, a stopping instance). A caller over the limit is handed to Fastify (`fallback`), which
 * refuses it with 429 as usual.
 */
export function fastReads(
  door: FastReadDoor,
): (req: IncomingMessage, res: ServerResponse, fallback: () => void) => boolean {
  return (req, res, fallback) => {
    const started = performance.now();
    const url = req.url ?? "";
    const mark = url.indexOf("?");
    const read = door.reads.get(mark < 0 ? url : url.slice(0, mark));
    if (!read || door.draining()) return false;
    if (read.signedIn && !door.signedIn(req.headers.authorization)) return false;
    const ready = heldReply(read, req, url, mark);
    if (!ready) return false;
    const send = () => {
      const id = door.idOf(req);
      const statusCode = sendHeld(door.headers, read, ready, id, req, res);
      const seconds = (performance.now() - started) / 1000;
      door.observe(read.route, statusCode, seconds);
      logAnswer(door.log, req, id, statusCode, seconds);
    };
    if (!read.limited) send();
    else door.rate.count(door.limitKey(req), (within) => (within ? send() : fallback()));
    return true;
  };
}

/** Writes the held reply as the route's `sendReady` would, with the API's headers; gives the status sent. */
function sendHeld(
  apiHeaders: readonly string[],
  read: FastRead,
  ready: ReadyReply,
  id: string,
  req: IncomingMessage,
  res: ServerResponse,
): number {
  const answer = readyAnswer(
    ready,
    req.headers["if-none-match"],
    req.headers["accept-encoding"],
    read.cacheControl,
  );
  const headers = [...apiHeaders, "x-request-id", id];
  for (const [name, value] of answer.headers) headers.push(name, value);
  if (answer.body !== null) headers.push("content-length", String(Buffer.byteLength(answer.body)));
  res.writeHead(answer.statusCode, headers);
  res.end(answer.body ?? undefined);
  return answer.statusCode;
}

/** The levels at which Fastify logs every request it answers. */
const LOGGED = new Set(["trace", "debug", "info"]);

/** Logs the answer as Fastify logs a request it has answered. */
function logAnswer(
  log: FastifyBaseLogger,
  req: IncomingMessage,
  id: string,
  statusCode: number,
  seconds: number,
): void {
  if (!LOGGED.has(log.level)) return;
  log.info(
    {
      reqId: id,
      req: { method: req.method, url: req.url, remoteAddress: req.socket.remoteAddress },
      res: { statusCode },
      responseTime: seconds * 1000,
    },
    "request completed",
  );
}
