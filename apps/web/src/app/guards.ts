import { paths } from "@mx/shared/routes";
import { redirect } from "react-router";
import { hasSession } from "../lib/session";

/**
 * Route guards, run as loaders before a route renders. The session state is the
 * presence of a stored token; the server still checks every call (docs/decisions/0005-two-session-states.md).
 */

/** Never settles: used while the browser leaves the app for a page outside the router. */
function leaveApp(url: string): Promise<never> {
  window.location.replace(url);
  return new Promise<never>(() => {});
}

/** /login, /signup and recovery: a signed-in player goes to /. */
export function signedOutOnly() {
  if (hasSession()) throw redirect(paths.landing);
  return null;
}

/** The account area: a signed-out visitor signs in first. */
export function signedInOnly() {
  if (!hasSession()) throw redirect(paths.login);
  return null;
}

/** The landing page is for visitors; a signed-in player's home is the map. */
export function landingGuard() {
  if (hasSession()) return leaveApp(paths.map);
  return null;
}

/** Paths the app does not define: the map when signed in, the landing page when not. */
export function unknownPathGuard() {
  if (hasSession()) return leaveApp(paths.map);
  throw redirect(paths.landing);
}
