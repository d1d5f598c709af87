import { errors } from "@mx/shared/messages";
import { api } from "@mx/shared/routes";
import { ApiError, apiRequest } from "../../../lib/api-client";
import { getToken, getUserId } from "../../../lib/session";

export type OnboardingStatus = { isConnected: true } | { isConnected: false; redirectLink: string };

/**
 * Only an http(s) address is followed: whatever the reply says, the browser is never sent to a
 * `javascript:` or other scheme. Relative addresses (the sandbox's /sandbox/onboarding) resolve here.
 */
function safeRedirect(link: string): string | null {
  try {
    const url = new URL(link, window.location.origin);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * GET users/stripe/onboarding: whether the payout account is connected, else where to set it up.
 * A success reply without a redirect link means connected. Every refusal is an ApiError
 * whose message is the one to show: 'Missing auth or userId' before any call, the server's, or
 * 'Failed to get onboarding link' for an address that is not one.
 */
export async function checkOnboarding(): Promise<OnboardingStatus> {
  if (!getToken() || !getUserId())
    throw new ApiError(errors.missingAuthOrUserId, 0, "MISSING_AUTH_OR_USER_ID");
  const reply = await apiRequest<{ isStripeIntegrated?: boolean; redirectLink?: string | null } | null>(
    api.onboarding,
    { auth: true },
  );
  const link = reply.data?.redirectLink;
  if (reply.data?.isStripeIntegrated === true || !link) return { isConnected: true };
  const redirectLink = safeRedirect(link);
  if (!redirectLink) throw new ApiError(errors.getOnboardingLinkFailed, 0, "BAD_ONBOARDING_LINK");
  return { isConnected: false, redirectLink };
}
