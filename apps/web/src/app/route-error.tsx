import { paths } from "@mx/shared/routes";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { buttonClassName } from "../components/ui/button";
import { useDocumentTitle } from "../lib/use-document-title";

/** Shown when a route fails to render; a full reload of / starts clean. */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle("Something went wrong");
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  if (error) console.error(error);
  return (
    <main id="main" className="route-error">
      <h1>Something went wrong</h1>
      <p>The page could not be shown. {detail}</p>
      <a className={buttonClassName("primary")} href={paths.landing}>
        Back to the start
      </a>
    </main>
  );
}
