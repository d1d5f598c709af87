import { texts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { lazy, Suspense } from "react";
import { AddCardScreen } from "../../../components/card-entry/add-card-screen";
import { PageSpinner } from "../../../components/ui/spinner";
import { useConfig } from "../../../lib/payment-config";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { cardsCopy } from "../copy";
import { useGoBack } from "../use-add-card";

// Each provider's form is fetched only when the server names it: Stripe's React bindings, or the sandbox's
// stand-in for them.
const StripeCardForm = lazy(() => import("../components/stripe-card-form"));
const SandboxCardForm = lazy(() => import("../../../sandbox/cards/add-card-form"));

export function AddCardRoute() {
  useDocumentTitle(texts.addCard);
  const config = useConfig();
  const goBack = useGoBack();

  return (
    <AddCardScreen
      title={texts.addCard}
      backTo={paths.paymentMethods}
      onBack={goBack}
      copy={cardsCopy}
      isLoading={config.isPending}
      config={config}
    >
      {config.data?.paymentProvider === "stripe" ? (
        <Suspense fallback={<PageSpinner />}>
          <StripeCardForm publishableKey={config.data.publishableKey} />
        </Suspense>
      ) : null}
      {config.data?.paymentProvider === "sandbox" ? (
        <Suspense fallback={<PageSpinner />}>
          <SandboxCardForm />
        </Suspense>
      ) : null}
    </AddCardScreen>
  );
}
