import { formats } from "@mx/shared/messages";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../lib/api-client";
import { Button } from "../ui/button";
import { ErrorBox } from "../ui/error-box";
import { ArrowLeftIcon } from "../ui/icons";
import { PageSpinner } from "../ui/spinner";
import "./card-page.css";

interface AddCardScreenProps {
  title: string;
  /** The back arrow's page, for a new tab; a plain click goes back with `onBack`. */
  backTo: string;
  onBack: () => void;
  copy: { back: string; configFailed: string; tryAgain: string };
  isLoading: boolean;
  /** Messages shown before the form's own (a profile that did not load). */
  notices?: ReactNode;
  /** The payment configuration could not be loaded: the reason, with a retry. */
  config: { isError: boolean; error: unknown; isFetching: boolean; refetch: () => unknown };
  /** The card form, once the screen knows which one. */
  children: ReactNode;
}

/** An Add Card screen: the back arrow and title, loading and the configuration's retry, then the card form. */
export function AddCardScreen({
  title,
  backTo,
  onBack,
  copy,
  isLoading,
  notices,
  config,
  children,
}: AddCardScreenProps) {
  return (
    <div className="card-page">
      <header className="page-header">
        <Link
          className="icon-button"
          to={backTo}
          aria-label={copy.back}
          onClick={(event) => {
            // A modified click (new tab, new window) keeps the link's own behaviour.
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
              return;
            event.preventDefault();
            onBack();
          }}
        >
          <ArrowLeftIcon size={22} />
        </Link>
        <h1 className="page-header__title">{title}</h1>
      </header>

      {isLoading ? <PageSpinner /> : null}
      {notices}
      {config.isError ? (
        <div className="card-page__retry">
          <ErrorBox>{formats.listError(errorMessage(config.error, copy.configFailed))}</ErrorBox>
          <Button variant="secondary" onClick={() => void config.refetch()} busy={config.isFetching}>
            {copy.tryAgain}
          </Button>
        </div>
      ) : null}
      {children}
    </div>
  );
}
