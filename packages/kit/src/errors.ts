/** The one error type services throw. The error handler turns it into `{ statusCode, message, code }`. */

const statusByCode = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  OTP_INVALID: 400,
  OTP_EXPIRED: 400,
  OTP_TOKEN_INVALID: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  /** An operator's session has not passed the TOTP second factor (or the code given is wrong). */
  SECOND_FACTOR_REQUIRED: 401,
  CURRENT_PASSWORD_WRONG: 400,
  CARD_ERROR: 402,
  FORBIDDEN: 403,
  PROOF_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  USERNAME_TAKEN: 409,
  INSUFFICIENT_BALANCE: 409,
  ONBOARDING_REQUIRED: 409,
  PAYOUT_HELD: 409,
  IDEMPOTENCY_KEY_IN_USE: 409,
  /** The processor took the payment but has not settled it yet (e.g. a bank transfer): finished later. */
  PAYMENT_PROCESSING: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  OTP_TOO_MANY_ATTEMPTS: 429,
  OTP_RESEND_TOO_SOON: 429,
  RECOVERY_LOCKED: 429,
  TOO_MANY_LOGIN_ATTEMPTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof statusByCode;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  /** Seconds a client should wait, sent as Retry-After. */
  readonly retryAfter?: number;

  constructor(code: ErrorCode, message: string, options: { retryAfter?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.statusCode = statusByCode[code];
    this.retryAfter = options.retryAfter;
  }
}
