import { errors } from "@mx/shared/messages";
import { api } from "@mx/shared/routes";
import { ApiError, apiRequest } from "../../../lib/api-client";

/**
 * GET users/stripe/onboarding: where to set up the payout account, or to give Stripe what it still needs (null once
 * connected with nothing due). Only an
 * http(s) address is followed, resolved against this page (the sandbox's is relative).
 */
export async function startOnboarding(): Promise<string | null> {
  const reply = await apiRequest<{ isStripeIntegrated?: boolean; redirectLink?: string | null } | null>(
    api.onboarding,
    { auth: true },
  );
  const link = reply.data?.redirectLink;
  if (!link) return null;
  try {
    const url = new URL(link, window.location.origin);
    if (url.protocol === "https:" || url.protocol === "http:") return url.href;
  } catch {
    // fall through
  }
  throw new ApiError(errors.getOnboardingLinkFailed, 0, "BAD_ONBOARDING_LINK");
}
