import { errors } from "@mx/shared/messages";
import type { Queryable } from "../../db/client";
import { AppError } from "../../lib/errors";
import { findActiveUser } from "../users/find-user";

/** The player's connected payout account, once onboarding is complete; null before. */
export async function connectedAccountOf(q: Queryable, userId: string): Promise<string | null> {
  const user = await findActiveUser(q, userId);
  return user.isStripeIntegrated && user.stripeConnAccId ? user.stripeConnAccId : null;
}

/** Every payout call needs a connected account (spec §6): 'Stripe account not connected.' otherwise. */
export async function requireConnectedAccount(q: Queryable, userId: string): Promise<string> {
  const accountId = await connectedAccountOf(q, userId);
  if (!accountId) throw new AppError("ONBOARDING_REQUIRED", errors.stripeNotConnected);
  return accountId;
}
