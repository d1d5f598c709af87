import { AppError } from "@mx/kit/errors";
import { CardError, GatewayRequestError } from "@mx/processors/gateway";
import { serverMessages } from "@mx/shared/messages";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { describeValidation } from "./validation";

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
 * Every error a route or hook throws, answered as `{ statusCode, message, code }`: the payment processors' refusals,
 * our own errors, validation failures and Fastify's client errors with their status; anything else is logged and
 * answered 500 with no detail.
 */
export function answerErrors(app: FastifyInstance): void {
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
}
