/**
 * Registers the service worker (`/sw.js`, written by the build: it precaches the app's static files, serves an
 * offline page, and shows push notifications). Production builds only: the dev server has no sw.js.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error: unknown) => {
      console.warn("The service worker could not be registered", error);
    });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
