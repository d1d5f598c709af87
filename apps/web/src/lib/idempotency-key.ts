import { ApiError } from "./api-client";

/**
 * A random UUID (v4) for the Idempotency-Key header. `crypto.randomUUID` exists only in secure
 * contexts (https, localhost); `getRandomValues` everywhere, so a plain-http deployment still works.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A refusal the server answered: no money moved, and the server keeps that answer for the key,
 * so the next attempt needs a new one. 'Still running' is no answer, nor is a network failure or
 * a 5xx: their key is kept, so a retry that did go through is answered again instead of made twice.
 */
export function isAnsweredRefusal(cause: unknown): boolean {
  return (
    cause instanceof ApiError &&
    cause.status >= 400 &&
    cause.status < 500 &&
    cause.code !== "IDEMPOTENCY_KEY_IN_USE"
  );
}
