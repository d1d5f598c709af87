import { AppError } from "@mx/kit/errors";
import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { users } from "../../db/schema/users";

/**
 * Refuses a frozen player's request with the reason an operator gave (403). Called at the top of the services an
 * operator can freeze: `trading` (buy, bid, ask, develop) and `payouts`.
 */
export async function assertNotFrozen(
  q: Queryable,
  userId: string,
  what: "trading" | "payouts",
): Promise<void> {
  const [row] = await q
    .select({ trading: users.tradingFrozenReason, payouts: users.payoutsFrozenReason })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const reason = row?.[what];
  if (reason) throw frozenRefusal(what, reason);
}

/** The refusal of a frozen player's request, with the operator's reason: for a check made with other reads. */
export function frozenRefusal(what: "trading" | "payouts", reason: string): AppError {
  const name = what === "trading" ? "Trading" : "Payouts";
  return new AppError(
    "FORBIDDEN",
    `${name} on your account ${what === "trading" ? "is" : "are"} frozen: ${reason}`,
  );
}
