import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";

export const newId = (): string => randomUUID();

/** An opaque bearer token: 32 random bytes. Only its keyed hash is stored. */
export const newToken = (): string => randomBytes(32).toString("base64url");

/** A uniformly random code of `length` digits, leading zeros kept. */
export function newNumericCode(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, "0");
}

/** Keyed hash, so a copy of the database alone cannot be used to guess 4-digit codes offline. */
export function keyedHash(secret: string, purpose: string, value: string): string {
  return createHmac("sha256", secret).update(`${purpose}\0${value}`).digest("base64url");
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
