import { AppError } from "@mx/kit/errors";
import type { FastifyInstance } from "fastify";
import { badQueryEncoding, badTextField } from "./validation";

/** What the text checks read of a request: its URL, Content-Type, and its body, query and path as parsed. */
export type RequestText = {
  url: string;
  contentType: string | undefined;
  body: unknown;
  query: unknown;
  params: unknown;
};

/**
 * Why a request's text is refused, or null: a body declared in a charset other than UTF-8 (JSON is UTF-8, RFC 8259:
 * it would be read wrongly), a query that is not UTF-8 percent-encoded, or a field of the body, query or path holding
 * NUL, an unpaired surrogate or too deep a nesting (validation.ts). The app's preValidation hook refuses with it, and
 * the front door (fast-reads.ts) leaves to Fastify what it refuses.
 */
export function requestTextProblem({ url, contentType, body, query, params }: RequestText): AppError | null {
  const charset = contentType ? /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1] : undefined;
  if (charset && !/^utf-?8$/i.test(charset)) {
    return new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the request body as application/json in UTF-8.");
  }
  const mark = url.indexOf("?");
  const badQuery = mark < 0 ? null : badQueryEncoding(url.slice(mark + 1));
  if (badQuery !== null)
    return new AppError("BAD_REQUEST", `${badQuery}: must be valid UTF-8, percent-encoded`);
  for (const [part, value] of [
    ["request body", body],
    ["query", query],
    ["path", params],
  ] as const) {
    const found = badTextField(value);
    if (found === null) continue;
    // A wildcard route's parameter is named "*": the path is what the caller sent.
    const name = !found.field || found.field === "*" ? part : found.field;
    return new AppError("BAD_REQUEST", `${name}: ${found.problem}`);
  }
  return null;
}

/** Refuses, before validation, a request whose text `requestTextProblem` finds wrong. */
export function checkRequestText(app: FastifyInstance): void {
  app.addHook("preValidation", function checkText(req, _reply, done) {
    const problem = requestTextProblem({
      url: req.url,
      contentType: req.headers["content-type"],
      body: req.body,
      query: req.query,
      params: req.params,
    });
    if (problem) done(problem);
    else done();
  });
}
