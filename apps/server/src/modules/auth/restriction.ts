import { AppError } from "@mx/kit/errors";
import { and, eq, isNull } from "drizzle-orm";
import type { Queryable, Tx } from "../../db/client";
import { users } from "../../db/schema/users";

/** The reasons a player is restricted, as they read them. */
export const RESTRICTION_REASONS = {
  disputeLost: "A card or PayPal payment of yours was disputed and the dispute was lost.",
  fraudWarning: "The bank that issued a card you paid with reported the payment as fraud.",
} as const;

/**
 * Restricts a player in the caller's transaction (a lost dispute, an early fraud warning): they can neither pay by
 * card or PayPal nor withdraw until an operator lifts it. A player already restricted keeps their first reason.
 * Returns whether this call restricted them.
 */
export async function restrictPlayer(tx: Tx, userId: string, reason: string): Promise<boolean> {
  const changed = await tx
    .update(users)
    .set({ restrictedReason: reason, restrictedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.restrictedReason)))
    .returning({ id: users.id });
  return changed.length > 0;
}

/**
 * Refuses a restricted player's card or PayPal payment, or withdrawal, with the reason (403). Called beside
 * `assertNotFrozen` where a payment or a payout starts.
 */
export async function assertNotRestricted(
  q: Queryable,
  userId: string,
  what: "payments" | "payouts",
): Promise<void> {
  const [row] = await q
    .select({ reason: users.restrictedReason })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (row?.reason) throw restrictedRefusal(what, row.reason);
}

/** The refusal of a restricted player's request, with their restriction's reason. */
export function restrictedRefusal(what: "payments" | "payouts", reason: string): AppError {
  const action = what === "payments" ? "pay by card or PayPal" : "withdraw";
  return new AppError(
    "FORBIDDEN",
    `Your account is restricted and cannot ${action} until support reviews it: ${reason}`,
  );
}
