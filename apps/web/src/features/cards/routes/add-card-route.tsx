import { formats, texts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { ArrowLeftIcon } from "../../../components/ui/icons";
import { PageSpinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-client";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useConfig } from "../api/get-config";
import { SandboxCardForm } from "../components/sandbox-card-form";
import { cardsCopy } from "../copy";
import { useGoBack } from "../use-add-card";
import "../cards.css";

// Stripe's React bindings are fetched only when the server uses Stripe.
const StripeCardForm = lazy(() => import("../components/stripe-card-form"));

export function AddCardRoute() {
  useDocumentTitle(texts.addCard);
  const config = useConfig();
  const goBack = useGoBack();

  return (
    <div className="cards-page">
      <header className="page-header">
        <Link
          className="icon-button"
          to={paths.paymentMethods}
          aria-label={cardsCopy.back}
          onClick={(event) => {
            // A modified click (new tab, new window) keeps the link's own behaviour.
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
              return;
            event.preventDefault();
            goBack();
          }}
        >
          <ArrowLeftIcon size={22} />
        </Link>
        <h1 className="page-header__title">{texts.addCard}</h1>
      </header>

      {config.isPending ? <PageSpinner /> : null}
      {config.isError ? (
        <div className="cards-retry">
          <ErrorBox>{formats.listError(errorMessage(config.error, cardsCopy.configFailed))}</ErrorBox>
          <Button variant="secondary" onClick={() => void config.refetch()} busy={config.isFetching}>
            {cardsCopy.tryAgain}
          </Button>
        </div>
      ) : null}
      {config.data?.paymentProvider === "stripe" ? (
        <Suspense fallback={<PageSpinner />}>
          <StripeCardForm publishableKey={config.data.publishableKey} />
        </Suspense>
      ) : null}
      {config.data?.paymentProvider === "sandbox" ? <SandboxCardForm /> : null}
    </div>
  );
}
