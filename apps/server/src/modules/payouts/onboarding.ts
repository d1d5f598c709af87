import { eq } from "drizzle-orm";
import { users } from "../../db/schema/users";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/errors";
import { keyedHash, safeEqual } from "../../lib/secrets";
import { findActiveUser } from "../users/find-user";

/** Return and re-auth links carry this, so nobody can start or finish onboarding on another player's account. */
export const onboardingSignature = (secret: string, userId: string) =>
  keyedHash(secret, "onboarding", userId).slice(0, 32);

function checkSignature(secret: string, userId: string, sig: string | undefined): void {
  if (!sig || !safeEqual(sig, onboardingSignature(secret, userId))) {
    throw new AppError("FORBIDDEN", "This onboarding link is not valid. Start again from the app.");
  }
}

async function accountOf(deps: AppDeps, userId: string): Promise<string> {
  const user = await findActiveUser(deps.db, userId);
  if (user.stripeConnAccId) return user.stripeConnAccId;
  const { id } = await deps.gateway.createConnectedAccount({ email: user.email ?? "", userId });
  await deps.db.update(users).set({ stripeConnAccId: id, updatedAt: new Date() }).where(eq(users.id, userId));
  return id;
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

/** Re-reads the payout account; once the processor says payouts are enabled, the player is integrated. */
async function syncAccount(deps: AppDeps, userId: string, accountId: string): Promise<boolean> {
  const account = await deps.gateway.retrieveAccount(accountId);
  const integrated = account.detailsSubmitted && account.payoutsEnabled;
  if (integrated) {
    await deps.db
      .update(users)
      .set({ isStripeIntegrated: true, updatedAt: new Date() })
      .where(eq(users.id, userId));
  }
  return integrated;
}

/** GET users/stripe/onboarding: connected already, or the address of the onboarding pages. */
export async function getOnboarding(
  deps: AppDeps,
  userId: string,
): Promise<{ isStripeIntegrated: boolean; redirectLink: string | null }> {
  const user = await findActiveUser(deps.db, userId);
  if (user.isStripeIntegrated) return { isStripeIntegrated: true, redirectLink: null };
  const accountId = await accountOf(deps, userId);
  if (await syncAccount(deps, userId, accountId)) return { isStripeIntegrated: true, redirectLink: null };
  return { isStripeIntegrated: false, redirectLink: await linkFor(deps, userId, accountId) };
}

/** Where the processor sends the player back: to My Properties with status=1 (connected) or status=0. */
export async function onboardingReturn(
  deps: AppDeps,
  userId: string,
  sig: string | undefined,
): Promise<string> {
  checkSignature(deps.config.sessionSecret, userId, sig);
  const user = await findActiveUser(deps.db, userId);
  const connected =
    user.isStripeIntegrated ||
    (user.stripeConnAccId ? await syncAccount(deps, userId, user.stripeConnAccId) : false);
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
