import { errors, formats } from "@mx/shared/messages";
import { API_BASE, paths } from "@mx/shared/routes";
import type { ActionRequiredData } from "@mx/shared/schemas/payments";
import type { ZodType } from "zod";
import { clearSession, getToken } from "./session";

/** Every reply of the API: `{ statusCode, message, data }`. */
export interface ApiEnvelope<T> {
  statusCode: number;
  message: string;
  data: T;
}

/** A reply the server refused (4xx/5xx), or a signed-in call made without a stored token. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(message: string, status: number, code?: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }
}

type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface ApiRequestOptions {
  method?: Method;
  body?: unknown;
  /** A signed-in call: sends the stored token and treats a 401 as the end of the session. */
  auth?: boolean;
  signal?: AbortSignal;
  /** Extra request headers, e.g. an `Idempotency-Key` on a money-moving POST. */
  headers?: Record<string, string>;
}

/** The response schema of `data` (from @mx/shared/schemas): the reply is parsed, never cast. */
export interface ParsedRequestOptions<T> extends ApiRequestOptions {
  schema: ZodType<T>;
}

/** A reply whose data does not match its schema: shown with the screen's own fallback text. */
const BAD_REPLY = "BAD_REPLY";

let onUnauthorized: () => void = () => {
  window.location.assign(paths.login);
};

/** The app layer decides how to leave a page once the server says the session is over. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/**
 * Asks the player for their current password when a money-moving change needs fresh proof (403 PROOF_REQUIRED);
 * resolves to null when they cancel. Set by the app layer (ProofPrompt); without it the refusal is shown as is.
 */
let proofPrompt: ((reason: string) => Promise<string | null>) | null = null;

export function setProofPrompt(prompt: ((reason: string) => Promise<string | null>) | null): void {
  proofPrompt = prompt;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function errorFromBody(body: unknown, status: number): ApiError {
  if (isRecord(body)) {
    const code = typeof body.code === "string" ? body.code : undefined;
    if (typeof body.message === "string" && body.message) return new ApiError(body.message, status, code);
    if (isRecord(body.data) && typeof body.data.message === "string" && body.data.message) {
      return new ApiError(body.data.message, status, code);
    }
  }
  return new ApiError(formats.http(status), status);
}

/** Sends one call; a refusal throws ApiError, an answer comes back with its HTTP status. */
async function send<T>(
  path: string,
  options: ApiRequestOptions,
): Promise<{ status: number; envelope: ApiEnvelope<T> }> {
  const { method = "GET", body, auth = false, signal, headers: extraHeaders } = options;
  // The caller's headers cannot replace the ones this client owns (content type, token).
  const headers: Record<string, string> = { ...extraHeaders, Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (auth) {
    const token = getToken();
    if (!token) throw new ApiError(errors.noAuthToken, 0, "NO_AUTH_TOKEN");
    headers.Authorization = `Bearer ${token}`;
  }

  const response = await fetch(`${API_BASE}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const payload = await readJson(response);

  if (!response.ok) {
    if (auth && response.status === 401) {
      clearSession();
      onUnauthorized();
    }
    const error = errorFromBody(payload, response.status);
    const canProve =
      error.code === "PROOF_REQUIRED" &&
      proofPrompt !== null &&
      (body === undefined || (isRecord(body) && !("currentPassword" in body)));
    if (canProve && proofPrompt) {
      const currentPassword = await proofPrompt(error.message);
      if (currentPassword === null) throw error;
      // The same change again, with the password; a new idempotency key, since the body is no longer the same.
      const key = extraHeaders?.["Idempotency-Key"];
      return send<T>(path, {
        ...options,
        body: { ...(isRecord(body) ? body : {}), currentPassword },
        headers: key ? { ...extraHeaders, "Idempotency-Key": `${key}-proof` } : extraHeaders,
      });
    }
    throw error;
  }

  if (isRecord(payload) && "data" in payload) {
    return {
      status: response.status,
      envelope: {
        statusCode: typeof payload.statusCode === "number" ? payload.statusCode : response.status,
        message: typeof payload.message === "string" ? payload.message : "",
        data: payload.data as T,
      },
    };
  }
  return { status: response.status, envelope: { statusCode: response.status, message: "", data: null as T } };
}

/**
 * One call. With `schema`, `data` is checked against it and comes back typed by it; a reply that does not match is
 * an ApiError (BAD_REPLY) with no message, so the screen shows its fallback. Without one, `data` is as sent.
 */
export async function apiRequest<T>(path: string, options: ParsedRequestOptions<T>): Promise<ApiEnvelope<T>>;
export async function apiRequest<T>(path: string, options?: ApiRequestOptions): Promise<ApiEnvelope<T>>;
export async function apiRequest<T>(
  path: string,
  options: ApiRequestOptions & { schema?: ZodType<T> } = {},
): Promise<ApiEnvelope<T>> {
  const { status, envelope } = await send<unknown>(path, options);
  if (!options.schema) return envelope as ApiEnvelope<T>;
  return parseReply(path, envelope, options.schema, status);
}

/**
 * A reply's `data` checked against its response schema (a money call's reply, read after the bank's check too);
 * one that does not match is an ApiError (BAD_REPLY) with no message, so the screen shows its fallback.
 */
export function parseReply<T>(
  path: string,
  envelope: ApiEnvelope<unknown>,
  schema: ZodType<T>,
  status = 200,
): ApiEnvelope<T> {
  const parsed = schema.safeParse(envelope.data);
  if (!parsed.success) {
    console.error(`The reply of ${path} does not match its schema`, parsed.error.issues);
    throw new ApiError("", status, BAD_REPLY);
  }
  return { ...envelope, data: parsed.data };
}

/**
 * The answer of a call that charges or holds a card: done (200), or the player's bank asks them to confirm the
 * payment first (202, 3-D Secure) and `action` says how.
 */
export type PaymentReply<T> =
  | { requiresAction: false; reply: ApiEnvelope<T> }
  | { requiresAction: true; action: ActionRequiredData };

/** A money-moving call (buy, bid, or the confirm after the bank's check); see PaymentReply. */
export async function paymentRequest<T>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<PaymentReply<T>> {
  const { status, envelope } = await send<T>(path, options);
  if (status !== 202) return { requiresAction: false, reply: envelope };
  // The schema (and zod with it) comes with the first payment, not with every page that calls the API.
  const { ActionRequiredData } = await import("@mx/shared/schemas/payments");
  const action = ActionRequiredData.safeParse(envelope.data);
  // A 202 without what the bank's check needs cannot be finished here; no message of its own, so the screen's
  // fallback for the call is shown.
  if (!action.success) throw new ApiError("", status, "BAD_ACTION_REQUIRED");
  return { requiresAction: true, action: action.data };
}

/**
 * The text to show for a failed call: the server's message when it sent one,
 * otherwise the fixed fallback for that call, network failures included
 * (docs/decisions/0003-texts-fixed-word-for-word.md).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}
