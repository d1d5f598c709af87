import { EmbeddedCheckout, EmbeddedCheckoutProvider } from "@stripe/react-stripe-js";
import { useEffect, useState } from "react";
import { stripeFor } from "../../../components/card-entry/stripe";
import { ErrorBox } from "../../../components/ui/error-box";
import { Spinner } from "../../../components/ui/spinner";
import { shopCopy } from "../copy";

/**
 * Stripe mode: Stripe's Embedded Checkout for the session, the payment form embedded in the page with the
 * publishable key. Stripe takes the card and sends the customer to the session's return URL, /return?session_id=….
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
