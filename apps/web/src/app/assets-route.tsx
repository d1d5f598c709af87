import { paths } from "@mx/shared/routes";
import { type LoaderFunctionArgs, Navigate, useLoaderData } from "react-router";
import { MyPropertiesRoute } from "../features/properties/routes/my-properties-route";
import { onboardingOutcome, takePendingAsk } from "../lib/pending-ask";

interface ResumedAsk {
  state: Record<string, unknown>;
}

/**
 * The provider sends the player back from payout onboarding to /assets?status=…. When they left in the middle
 * of an ask, the ask is taken from storage here (a loader runs once per navigation) and the page goes back to
 * Sell Review with it.
 */
export function assetsLoader({ request }: LoaderFunctionArgs): ResumedAsk | null {
  const outcome = onboardingOutcome(new URL(request.url).searchParams);
  if (!outcome) return null;
  const state = takePendingAsk();
  if (typeof state !== "object" || state === null) return null;
  return { state: { ...(state as Record<string, unknown>), onboarding: outcome } };
}

export function AssetsRoute() {
  const resumed = useLoaderData() as ResumedAsk | null;
  if (resumed) return <Navigate to={paths.sellReview} replace state={resumed.state} />;
  return <MyPropertiesRoute />;
}
