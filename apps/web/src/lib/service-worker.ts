/**
 * Registers the service worker (`/sw.js`, written by the build: it precaches the app's static files, serves an
 * offline page, and shows push notifications). Production builds only: the dev server has no sw.js.
 *
 * Installing downloads every static file, so it waits until the page has loaded and the browser is idle — and on
 * the map page until the first view is drawn, so the precache never competes with the map's own first download.
 */

/** How long after the page (or the map's first view) the precache may start. */
const SETTLE_MS = 3000;
/** A map that never draws must not keep the app from being installable. */
const FIRST_VIEW_WAIT_MS = 20_000;

let firstViewDrawn: () => void = () => {};
const firstView = new Promise<void>((resolve) => {
  firstViewDrawn = resolve;
});

/** The map page calls this once its first view is drawn. */
export function markFirstViewDrawn(): void {
  firstViewDrawn();
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const pageLoaded = () =>
  document.readyState === "complete"
    ? Promise.resolve()
    : new Promise<void>((resolve) => window.addEventListener("load", () => resolve(), { once: true }));
const idle = () =>
  new Promise<void>((resolve) => {
    if ("requestIdleCallback" in window) window.requestIdleCallback(() => resolve(), { timeout: 5000 });
    else setTimeout(resolve, 500);
  });

export function registerServiceWorker({ afterFirstView = false }: { afterFirstView?: boolean } = {}): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  void pageLoaded()
    .then(() => (afterFirstView ? Promise.race([firstView, delay(FIRST_VIEW_WAIT_MS)]) : undefined))
    .then(() => delay(SETTLE_MS))
    .then(idle)
    .then(() => navigator.serviceWorker.register("/sw.js", { scope: "/" }))
    .catch((error: unknown) => {
      console.warn("The service worker could not be registered", error);
    });
}
