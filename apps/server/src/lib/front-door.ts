import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import type { FastifyServerFactory } from "fastify";

/**
 * Answers a GET before Fastify sees it (true), or leaves it to Fastify (false); `fallback` hands it to Fastify
 * later, when the answer finds it must not answer after all.
 */
export type FastAnswer = (req: IncomingMessage, res: ServerResponse, fallback: () => void) => boolean;

/** A reply written before Fastify sees the request: its status, headers and body, the same every time. */
export type FixedReply = { statusCode: number; headers: [string, string][]; body: Buffer };

/**
 * The server Fastify listens on, with a door in front of its request handler: a GET for one of `paths` whose fixed
 * reply is known (`replies`, filled once the app is ready) is answered at once, without the hook chain, the logger
 * or the metrics; a GET that `fast.answer` (filled once the app is ready) takes is answered by it (fast-reads.ts);
 * everything else goes to Fastify as usual. Fastify's timeouts (`timeouts`, as given to Fastify)
 * are set on the server here, as Fastify sets them on a server of its own making.
 *
 * The answer carries the request's id (`idOf`) like every other reply; Node adds Date, Connection and Keep-Alive.
 */
export function frontDoor(
  replies: Map<string, FixedReply>,
  idOf: (req: IncomingMessage) => string,
  timeouts: { connectionTimeoutMs: number; keepAliveTimeoutMs: number; requestTimeoutMs: number },
  fast: { answer: FastAnswer | null } = { answer: null },
): FastifyServerFactory {
  return (handler: RequestListener) => {
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const fixed = req.method === "GET" && req.url !== undefined ? replies.get(req.url) : undefined;
      if (!fixed) {
        if (req.method !== "GET" || !fast.answer?.(req, res, () => handler(req, res))) handler(req, res);
        return;
      }
      const headers: string[] = [];
      for (const [name, value] of fixed.headers) headers.push(name, value);
      headers.push("x-request-id", idOf(req));
      res.writeHead(fixed.statusCode, headers);
      res.end(fixed.body);
    });
    server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
    server.requestTimeout = timeouts.requestTimeoutMs;
    server.setTimeout(timeouts.connectionTimeoutMs);
    return server;
  };
}

/** Headers of a reply that change per request or that Node writes itself: a fixed reply leaves them out. */
const PER_REQUEST = new Set(["date", "connection", "keep-alive", "x-request-id", "transfer-encoding"]);

/** The reply Fastify gives a GET of `url` (through inject), as a fixed reply for the front door. */
export function fixedReplyOf(res: {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  rawPayload: Buffer;
}): FixedReply {
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined || PER_REQUEST.has(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.push([name, String(one)]);
  }
  return { statusCode: res.statusCode, headers, body: res.rawPayload };
}
