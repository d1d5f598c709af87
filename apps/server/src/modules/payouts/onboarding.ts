import { AppError } from "@mx/kit/errors";
import { keyedHash, safeEqual } from "@mx/kit/secrets";
import { and, eq, isNull } from "drizzle-orm";
import { users } from "../../db/schema/users";
import type { AppDeps } from "../../deps";
import { findActiveUser } from "../auth/active-user";
import { isConnected, isManagedAccount, needsReconnect, syncPayoutAccount } from "./payout-account";

/** Return and re-auth links carry this, so nobody can start or finish onboarding on another player's account. */
const onboardingSignature = (secret: string, userId: string) =>
  keyedHash(secret, "onboarding", userId).slice(0, 32);

function checkSignature(secret: string, userId: string, sig: string | undefined): void {
  if (!sig || !safeEqual(sig, onboardingSignature(secret, userId))) {
    throw new AppError("FORBIDDEN", "This onboarding link is not valid. Start again from the app.");
  }
}

/**
 * The player's payout account, made when first needed. An account made before the platform managed payout accounts
 * (Stripe collected its requirements, so Stripe refuses our changes to its payout cards) is replaced by a new one;
 * the old one is no longer used. Nothing is lost: earnings stay on our ledger until paid out.
 */
async function accountOf(deps: AppDeps, userId: string): Promise<string> {
  const user = await findActiveUser(deps.db, userId);
  if (user.stripeConnAccId && isManagedAccount(user)) return user.stripeConnAccId;
  const created = await deps.gateway.createConnectedAccount({ email: user.email ?? "", userId });
  const previous = user.stripeConnAccId;
  const [saved] = await deps.db
    .update(users)
    .set({
      stripeConnAccId: created.id,
      stripeAccountCollection: created.requirementCollection,
      isStripeIntegrated: false,
      stripeRequirementsDue: [],
      stripePayoutsEnabled: true,
      updatedAt: new Date(),
    })
    // Only over what was read: of two requests at once, the first account made is the one kept.
    .where(
      and(
        eq(users.id, userId),
        previous ? eq(users.stripeConnAccId, previous) : isNull(users.stripeConnAccId),
      ),
    )
    .returning({ id: users.stripeConnAccId });
  if (saved?.id) return saved.id;
  const again = await findActiveUser(deps.db, userId);
  if (!again.stripeConnAccId) throw new Error("payout account vanished");
  return again.stripeConnAccId;
}

async function linkFor(deps: AppDeps, userId: string, accountId: string): Promise<string> {
  const base = `${deps.config.publicUrl}/api/v1/stripe/webhooks`;
  const query = `userId=${encodeURIComponent(userId)}&sig=${onboardingSignature(deps.config.sessionSecret, userId)}`;
  const { url } = await deps.gateway.createAccountLink({
    accountId,
    returnUrl: `${base}/return?${query}`,
    refreshUrl: `${base}/reauth?${query}`,
  });
  return url;
}

/** Re-reads the payout account and keeps what it says; true once the player is connected. */
async function syncAccount(deps: AppDeps, userId: string, accountId: string): Promise<boolean> {
  await syncPayoutAccount(deps, accountId);
  return isConnected(await findActiveUser(deps.db, userId));
}

export type OnboardingData = {
  isStripeIntegrated: boolean;
  /** The onboarding pages: to connect, to connect again, or to give Stripe what it still needs. */
  redirectLink: string | null;
  /** True for a player whose old payout account is replaced by this onboarding. */
  reconnect: boolean;
  /** What Stripe still needs, as it names it (empty when nothing). */
  requirementsDue: string[];
};

/**
 * GET users/stripe/onboarding: connected already, or the address of the onboarding pages. A connected player of
 * whom Stripe needs more also gets the address, to go back and give it.
 */
export async function getOnboarding(deps: AppDeps, userId: string): Promise<OnboardingData> {
  const user = await findActiveUser(deps.db, userId);
  if (isConnected(user)) {
    const due = user.stripeRequirementsDue;
    const link =
      due.length > 0 && user.stripeConnAccId ? await linkFor(deps, userId, user.stripeConnAccId) : null;
    return { isStripeIntegrated: true, redirectLink: link, reconnect: false, requirementsDue: due };
  }
  const reconnect = needsReconnect(user);
  const accountId = await accountOf(deps, userId);
  if (await syncAccount(deps, userId, accountId)) {
    return getOnboarding(deps, userId);
  }
  const fresh = await findActiveUser(deps.db, userId);
  return {
    isStripeIntegrated: false,
    redirectLink: await linkFor(deps, userId, accountId),
    reconnect,
    requirementsDue: fresh.stripeRequirementsDue,
  };
}

/** Where the processor sends the player back: to My Properties with status=1 (connected) or status=0. */
export async function onboardingReturn(
  deps: AppDeps,
  userId: string,
  sig: string | undefined,
): Promise<string> {
  checkSignature(deps.config.sessionSecret, userId, sig);
  const user = await findActiveUser(deps.db, userId);
  // Read again even when connected: the player may be back from giving what Stripe needed.
  const connected =
    user.stripeConnAccId && isManagedAccount(user)
      ? await syncAccount(deps, userId, user.stripeConnAccId)
      : false;
  return `${deps.config.publicUrl}/assets?status=${connected ? 1 : 0}`;
}

/** An expired onboarding link: a fresh one. */
export async function onboardingReauth(
  deps: AppDeps,
  userId: string,
  sig: string | undefined,
): Promise<string> {
  checkSignature(deps.config.sessionSecret, userId, sig);
  return linkFor(deps, userId, await accountOf(deps, userId));
}
