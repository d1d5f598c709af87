import { type Location, Outlet, ScrollRestoration } from "react-router";
import { AlertHost } from "../components/ui/alert-host";
import { useLiveUpdates } from "./live-updates";
import { ProofPrompt } from "./proof-prompt";

/**
 * Every page opened by a full page load shares the history key "default"; keyed by it, a page would
 * open at the scroll position the previous full-loaded page was left at. Such entries use their path.
 */
function scrollKey(location: Location): string {
  return location.key === "default" ? `${location.pathname}${location.search}` : location.key;
}

export function RootLayout() {
  // Rendered on every navigation, so signing in or out starts or stops the live channel.
  useLiveUpdates();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Outlet />
      <ProofPrompt />
      <AlertHost />
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}
