import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyBaseLogger } from "fastify";
import type { RateCounter } from "./rate-limit";
import { type ReadyReply, readyAnswer } from "./ready-reply";
import { badQueryEncoding, badTextField } from "./validation";

/**
 * A signed-in read whose reply is the same for every player, kept whole in this instance's cache: the front door
 * may answer it from there before Fastify sees the request (app.ts), as the route itself would.
 */
export type FastRead = {
  /** The route's pattern, as Fastify and the metrics name it. */
  route: string;
  cacheControl: string;
  /** Only for a signed-in player (a session this instance knows); else for anyone. */
  signedIn: boolean;
  /** Counted in the caller's rate limit (as the route is, unless it opts out). */
  limited: boolean;
  /**
   * The reply this instance holds now for this query (each parameter given once), or null: the route answers,
   * loading what it lacks. Only a query the route's own schema accepts as it is may find one.
   */
  ready(query: Record<string, string>): ReadyReply | null;
};

/** What the front door needs of the app to answer a fast read as the route would. */
export type FastReadDoor = {
  /** Fast reads by path. */
  reads: ReadonlyMap<string, FastRead>;
  /** Whether this instance already knows the header's token for a live session (nothing is looked up). */
  signedIn(authorization: string | undefined): boolean;
  /** The caller's address, as Fastify works it out (with or without a trusted proxy). */
  address(req: IncomingMessage): string;
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
    const query = queryOf(mark < 0 ? "" : url.slice(mark + 1));
    const ready = query ? read.ready(query) : null;
    if (!ready) return false;
    const send = () => {
      const answer = readyAnswer(
        ready,
        req.headers["if-none-match"],
        req.headers["accept-encoding"],
        read.cacheControl,
      );
      const id = door.idOf(req);
      const headers = [...door.headers, "x-request-id", id];
      for (const [name, value] of answer.headers) headers.push(name, value);
      if (answer.body !== null) headers.push("content-length", String(Buffer.byteLength(answer.body)));
      res.writeHead(answer.statusCode, headers);
      res.end(answer.body ?? undefined);
      const seconds = (performance.now() - started) / 1000;
      door.observe(read.route, answer.statusCode, seconds);
      if (LOGGED.has(door.log.level)) {
        door.log.info(
          {
            reqId: id,
            req: { method: req.method, url, remoteAddress: req.socket.remoteAddress },
            res: { statusCode: answer.statusCode },
            responseTime: seconds * 1000,
          },
          "request completed",
        );
      }
    };
    if (!read.limited) send();
    else door.rate.count(door.address(req), (within) => (within ? send() : fallback()));
    return true;
  };
}

/** The levels at which Fastify logs every request it answers. */
const LOGGED = new Set(["trace", "debug", "info"]);

/** The query's parameters, or null when one is given twice or the text is not one a route would accept as it is. */
function queryOf(text: string): Record<string, string> | null {
  const query: Record<string, string> = {};
  if (text === "") return query;
  if (badQueryEncoding(text) !== null) return null;
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(query, name) || name === "__proto__") return null;
    query[name] = value;
  }
  return badTextField(query) === null ? query : null;
}
