import { EmbeddedCheckout, EmbeddedCheckoutProvider } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
// The pure entry loads Stripe.js only when loadStripe is called: never in sandbox mode.
import { loadStripe } from "@stripe/stripe-js/pure";
import { useEffect, useState } from "react";
import { ErrorBox } from "../../../components/ui/error-box";
import { Spinner } from "../../../components/ui/spinner";
import { shopCopy } from "../copy";

/** One Stripe object per key for the life of the page, as Stripe asks. */
const stripeByKey = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string | undefined): Promise<Stripe | null> {
  if (!publishableKey) return Promise.resolve(null);
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => null);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

/**
 * Stripe mode: Stripe's Embedded Checkout for the session (spec §2, the embedded payment form with the publishable
 * key). Stripe takes the card and sends the customer to the session's return URL, /return?session_id=….
 */
export default function StripeEmbeddedCheckout({
  publishableKey,
  clientSecret,
}: {
  publishableKey: string | undefined;
  clientSecret: string;
}) {
  const [stripe] = useState(() => stripeFor(publishableKey));
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");

  useEffect(() => {
    let isCurrent = true;
    void stripe.then((loaded) => {
      if (isCurrent) setState(loaded ? "ready" : "failed");
    });
    return () => {
      isCurrent = false;
    };
  }, [stripe]);

  if (state === "failed") return <ErrorBox>{shopCopy.paymentUnavailable}</ErrorBox>;
  return (
    <div className="embedded-checkout">
      {state === "loading" ? <Spinner label={shopCopy.paymentLoading} showLabel /> : null}
      <EmbeddedCheckoutProvider stripe={stripe} options={{ clientSecret }}>
        <EmbeddedCheckout className="embedded-checkout__frame" />
      </EmbeddedCheckoutProvider>
    </div>
  );
}
