import { randomBytes } from "node:crypto";
import { CardError, GatewayRequestError } from "@mx/processors/gateway";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "./db";
import { sandboxTokens } from "./schema";
import { CARD_MESSAGES, type CardBehaviour, testTokenCard } from "./test-cards";

export type SandboxTokenRow = typeof sandboxTokens.$inferSelect;

/**
 * Takes a sandbox token for its one use, as Stripe's tokens are: a second use, or a token that never existed,
 * meets Stripe's own error.
 */
export async function takeSandboxToken(
  db: Db,
  token: string,
  usedAt: Date = new Date(),
): Promise<SandboxTokenRow> {
  const [tok] = await db
    .update(sandboxTokens)
    .set({ usedAt })
    .where(and(eq(sandboxTokens.id, token), isNull(sandboxTokens.usedAt)))
    .returning();
  if (tok) return tok;
  const [seen] = await db
    .select({ id: sandboxTokens.id })
    .from(sandboxTokens)
    .where(eq(sandboxTokens.id, token));
  throw seen
    ? new GatewayRequestError("token_already_used", `You cannot use a Stripe token more than once: ${token}.`)
    : new GatewayRequestError("resource_missing", `No such token: '${token}'`, 404);
}

/**
 * Random bytes as base64url text, cut from a pool filled 4 KiB at a time: a busy checkout makes two of these per
 * intent, and each call of randomBytes costs as much as the rest of making the intent.
 */
let pool = Buffer.alloc(0);
let used = 0;
export function randomText(bytes: number): string {
  if (used + bytes > pool.length) {
    pool = randomBytes(Math.max(4096, bytes));
    used = 0;
  }
  const text = pool.toString("base64url", used, used + bytes);
  used += bytes;
  return text;
}

/** A new id of one of the sandbox's records, with Stripe's prefix for its kind (`pi`, `pm`, `re`, …). */
export const sandboxId = (prefix: string) => `${prefix}_${randomText(12)}`;

/** The refusal a card with this behaviour meets as soon as it is used (attached or paid with), if any. */
export function cardRefusal(behaviour: string): CardError | null {
  if (behaviour === "declined") {
    return new CardError("card_declined", CARD_MESSAGES.card_declined, "generic_decline");
  }
  if (behaviour === "live_card") {
    return new CardError("card_declined", CARD_MESSAGES.live_card_in_test_mode, "live_mode_test_card");
  }
  return null;
}

/** The refusal a charge on a card with this behaviour meets, if any. */
export function chargeRefusal(behaviour: string): CardError | null {
  switch (behaviour as CardBehaviour) {
    case "insufficient_funds":
      return new CardError("card_declined", CARD_MESSAGES.insufficient_funds, "insufficient_funds");
    case "charge_declined":
    case "declined":
      return new CardError("card_declined", CARD_MESSAGES.card_declined, "generic_decline");
    case "charge_expired":
      return new CardError("expired_card", CARD_MESSAGES.expired_card);
    case "charge_incorrect_cvc":
      return new CardError("incorrect_cvc", CARD_MESSAGES.incorrect_cvc);
    case "charge_processing_error":
      return new CardError("processing_error", CARD_MESSAGES.processing_error);
    default:
      return null;
  }
}

/**
 * A sandbox token for one of Stripe's test tokens (`tok_visa`, `tok_visa_debit`, …), as Stripe.js would have made
 * it: the test card it stands for, expiring 12/2034, behaving as Stripe's test tokens do (every one goes through).
 * Null for any other token.
 */
export async function createSandboxTestToken(db: Db, testToken: string): Promise<string | null> {
  const card = testTokenCard(testToken);
  if (!card) return null;
  const id = `tok_${randomBytes(12).toString("base64url")}`;
  await db.insert(sandboxTokens).values({
    id,
    brand: card.brand,
    last4: card.last4,
    expMonth: 12,
    expYear: 2034,
    name: "Jenny Rosen",
    funding: card.funding,
    behaviour: "ok",
  });
  return id;
}
