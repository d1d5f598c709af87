import { isUtf8 } from "node:buffer";
import { AppError } from "@mx/kit/errors";
import type { FastifyInstance } from "fastify";
import { exponentNumber } from "./validation";

/**
 * The API speaks JSON only; anything else is refused with 415 rather than parsed as text. A JSON body is UTF-8
 * throughout, and its numbers are plain decimals: invalid bytes (which would be read as U+FFFD) and exponents
 * ("1e1") are refused naming the problem, before the usual parser reads the text.
 */
export function parseJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser("text/plain");
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
}
