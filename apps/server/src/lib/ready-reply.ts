import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

/** Below this a body goes as it is: compressing it costs more than the bytes it saves. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * A JSON reply made once and sent many times: its bytes, its ETag (a digest of them) and, when it is big enough,
 * its brotli and gzip forms, each compressed once when the reply is made rather than on every request.
 */
export type ReadyReply = {
  etag: string;
  identity: Buffer;
  /** The identity's text: Node writes a string body together with the headers in one write. */
  text?: string;
  br: Buffer | null;
  gzip: Buffer | null;
};

export function readyReply(json: string, options: { etag?: string } = {}): ReadyReply {
  const identity = Buffer.from(json);
  const etag = options.etag ?? `"${createHash("sha1").update(identity).digest("base64url").slice(0, 20)}"`;
  const big = identity.length >= COMPRESS_THRESHOLD;
  return {
    etag,
    identity,
    text: json,
    // Brotli at quality 5 compresses JSON nearly as well as 11, many times faster.
    br: big ? brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : null,
    gzip: big ? gzipSync(identity) : null,
  };
}

/**
 * Whether an If-None-Match header names this ETag (a list, a weak form of it, or `*`), as a cache revalidating
 * what it holds sends it.
 */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const sent = Array.isArray(header) ? header.join(",") : header;
  if (sent === etag) return true;
  return sent.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}

const BR = /(?:^|,)\s*br\s*(?:;\s*q\s*=\s*([0-9.]+))?\s*(?:,|$)/i;
const GZIP = /(?:^|,)\s*gzip\s*(?:;\s*q\s*=\s*([0-9.]+))?\s*(?:,|$)/i;

function wants(coding: RegExp, accept: string): boolean {
  const m = coding.exec(accept);
  return m !== null && (m[1] === undefined || Number(m[1]) > 0);
}

/** The coding to send, of those a ready reply has: brotli, then gzip, when the client asks (and not with q=0). */
function codingFor(accept: string | undefined, reply: ReadyReply): "br" | "gzip" | null {
  if (!accept || !reply.br) return null;
  if (wants(BR, accept)) return "br";
  if (reply.gzip && wants(GZIP, accept)) return "gzip";
  return null;
}

/** What a ready reply answers a request with: its status, the headers it adds and the body (none for a 304). */
export type ReadyAnswer = {
  statusCode: 200 | 304;
  headers: [string, string][];
  body: string | Buffer | null;
};

/**
 * The answer to a request holding these If-None-Match and Accept-Encoding headers: 304 with no body when
 * If-None-Match names the ETag, else the bytes in the coding the client asked for. Fastify's route (`sendReady`)
 * and the front door (fast-reads.ts) both answer through it.
 */
export function readyAnswer(
  ready: ReadyReply,
  ifNoneMatch: string | string[] | undefined,
  acceptEncoding: string | string[] | undefined,
  cacheControl: string,
): ReadyAnswer {
  const headers: [string, string][] = [
    ["cache-control", cacheControl],
    ["etag", ready.etag],
  ];
  if (ready.br) headers.push(["vary", "accept-encoding"]);
  if (etagMatches(ifNoneMatch, ready.etag)) return { statusCode: 304, headers, body: null };
  const coding = codingFor(Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : acceptEncoding, ready);
  if (coding) headers.push(["content-encoding", coding]);
  headers.push(["content-type", "application/json; charset=utf-8"]);
  const body = coding === "br" ? ready.br : coding === "gzip" ? ready.gzip : (ready.text ?? ready.identity);
  return { statusCode: 200, headers, body };
}

/**
 * Sends a ready reply (`readyAnswer`): Fastify sends a buffer or string as it is, nothing serialised and nothing
 * compressed per request. `cacheControl`: `no-cache` by default (a cache keeps it but asks again every time,
 * sending the ETag).
 */
export function sendReady(
  req: FastifyRequest,
  reply: FastifyReply,
  ready: ReadyReply,
  cacheControl = "no-cache",
): FastifyReply {
  const answer = readyAnswer(
    ready,
    req.headers["if-none-match"],
    req.headers["accept-encoding"],
    cacheControl,
  );
  for (const [name, value] of answer.headers) reply.header(name, value);
  return reply.code(answer.statusCode).send(answer.body ?? undefined);
}

/**
 * Sends JSON made for this one request (a signed-in viewer's own reply): gzip at its fastest level when the client
 * takes gzip and the body is big enough to gain from it, else as it is. Nothing is kept: the next request makes its
 * own.
 */
export function sendOwnJson(
  req: FastifyRequest,
  reply: FastifyReply,
  json: string,
  cacheControl: string,
): FastifyReply {
  reply.header("cache-control", cacheControl).type("application/json; charset=utf-8");
  if (json.length < COMPRESS_THRESHOLD) return reply.send(json);
  reply.header("vary", "accept-encoding");
  const accept = req.headers["accept-encoding"];
  const sent = Array.isArray(accept) ? accept.join(",") : accept;
  if (!sent || !wants(GZIP, sent)) return reply.send(json);
  return reply.header("content-encoding", "gzip").send(gzipSync(json, { level: 1 }));
}
