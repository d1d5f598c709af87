import { AppError } from "@mx/kit/errors";
import type { GatewayAccount, PaymentGateway } from "@mx/processors/gateway";
import { errors, payoutAccountTexts, payoutRequirementLabels } from "@mx/shared/messages";
import type { PayoutAccountData } from "@mx/shared/schemas/payouts";
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Queryable } from "../../db/client";
import { users } from "../../db/schema/users";
import type { AppDeps } from "../../deps";
import { findActiveUser } from "../auth/active-user";

type AccountFields = Pick<
  typeof users.$inferSelect,
  | "isStripeIntegrated"
  | "stripeConnAccId"
  | "stripeAccountCollection"
  | "stripeRequirementsDue"
  | "stripePayoutsEnabled"
>;

/**
 * Whether the player's payout account is one the platform manages (its requirements collected by the platform),
 * the only kind whose payout cards Stripe lets the platform change. An account recorded without that was made
 * before, collected by Stripe: it is no longer used.
 */
export const isManagedAccount = (user: AccountFields): boolean =>
  user.stripeConnAccId !== null && user.stripeAccountCollection === "application";

/** An old account still on record: the player must connect a new one. */
export const needsReconnect = (user: AccountFields): boolean =>
  user.stripeConnAccId !== null && !isManagedAccount(user);

/** Whether the player has finished onboarding on an account the platform manages. */
export const isConnected = (user: AccountFields): boolean =>
  user.isStripeIntegrated && isManagedAccount(user);

/**
 * Every payout call needs a connected account ("Stripe account not connected." otherwise); a player whose account
 * was made the old way is told to connect again.
 */
export async function requireConnectedAccount(q: Queryable, userId: string): Promise<string> {
  const user = await findActiveUser(q, userId);
  if (isConnected(user) && user.stripeConnAccId) return user.stripeConnAccId;
  if (needsReconnect(user)) throw new AppError("ONBOARDING_REQUIRED", payoutAccountTexts.reconnect);
  throw new AppError("ONBOARDING_REQUIRED", errors.stripeNotConnected);
}

/** A payout needs more than a connected account: Stripe must not be holding its payouts for what it still needs. */
export async function requirePayoutsEnabled(q: Queryable, userId: string): Promise<string> {
  const accountId = await requireConnectedAccount(q, userId);
  const user = await findActiveUser(q, userId);
  if (!user.stripePayoutsEnabled) {
    throw new AppError(
      "ONBOARDING_REQUIRED",
      payoutAccountTexts.payoutsPaused(payoutRequirementLabels(user.stripeRequirementsDue)),
    );
  }
  return accountId;
}

/** GET users/stripe/payout-account: where the player's payout account stands, in the player's words. */
export function payoutAccountStatus(user: AccountFields): PayoutAccountData {
  const requirementsDue = isManagedAccount(user) ? user.stripeRequirementsDue : [];
  const needs = payoutRequirementLabels(requirementsDue);
  const base = { payoutsEnabled: isConnected(user) && user.stripePayoutsEnabled, requirementsDue, needs };
  if (needsReconnect(user)) return { ...base, status: "reconnect", message: payoutAccountTexts.reconnect };
  if (!user.stripeConnAccId) return { ...base, status: "not_connected", message: null };
  if (!user.isStripeIntegrated) return { ...base, status: "onboarding", message: null };
  if (!user.stripePayoutsEnabled) {
    return { ...base, status: "action_required", message: payoutAccountTexts.payoutsPaused(needs) };
  }
  if (requirementsDue.length > 0) {
    return { ...base, status: "action_required", message: payoutAccountTexts.actionRequired(needs) };
  }
  return { ...base, status: "connected", message: null };
}

/**
 * What Stripe says of a payout account (its `account.updated` event, or a read after onboarding), kept on the player:
 * what it still needs and whether payouts may go out. Onboarding counts as complete once details are submitted and
 * payouts enabled; a player connected once stays connected while Stripe holds payouts, so the app can say why.
 * Returns whether a player's row was changed.
 */
export async function applyAccountUpdate(q: Queryable, account: GatewayAccount): Promise<boolean> {
  const complete = account.detailsSubmitted && account.payoutsEnabled;
  const changed = await q
    .update(users)
    .set({
      stripeRequirementsDue: account.requirementsDue,
      stripePayoutsEnabled: account.payoutsEnabled,
      ...(complete ? { isStripeIntegrated: true } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(users.stripeConnAccId, account.id), eq(users.stripeAccountCollection, "application")))
    .returning({ id: users.id });
  return changed.length > 0;
}

/** Reads the account from the processor and keeps what it says (as an `account.updated` event would). */
export async function syncPayoutAccount(deps: AppDeps, accountId: string): Promise<GatewayAccount> {
  const account = await deps.gateway.retrieveAccount(accountId);
  await applyAccountUpdate(deps.db, account);
  return account;
}

/** Stripe's event about a connected account whose requirements or payouts changed. */
export const ACCOUNT_EVENT_TYPES: readonly string[] = ["account.updated"];

/**
 * Before the webhook's transaction: the account an `account.updated` event names, read again from Stripe (the
 * event's copy is never trusted). Null for other events, and for accounts that are not a player's current,
 * platform-managed payout account (an old one, no longer used, is not read).
 */
export async function readAccountEvent(
  q: Queryable,
  gateway: PaymentGateway,
  event: Pick<Stripe.Event, "type" | "account" | "data">,
): Promise<GatewayAccount | null> {
  if (!ACCOUNT_EVENT_TYPES.includes(event.type)) return null;
  const object = event.data.object as { object?: string; id?: unknown };
  const accountId = event.account ?? (object.object === "account" ? object.id : undefined);
  if (typeof accountId !== "string" || accountId.length === 0) return null;
  const [player] = await q
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.stripeConnAccId, accountId), eq(users.stripeAccountCollection, "application")))
    .limit(1);
  return player ? gateway.retrieveAccount(accountId) : null;
}
