import type { Stripe } from "@stripe/stripe-js";
// The pure entry loads Stripe.js only when loadStripe is called: never in sandbox mode.
import { loadStripe } from "@stripe/stripe-js/pure";

/** One Stripe object per key for the life of the page, as Stripe asks. */
const stripeByKey = new Map<string, Promise<Stripe | null>>();

export function stripeFor(publishableKey: string | undefined): Promise<Stripe | null> {
  if (!publishableKey) return Promise.resolve(null);
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    // A script that cannot load (offline, blocked) leaves Stripe null: the form then says so.
    stripe = loadStripe(publishableKey).catch(() => null);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}
