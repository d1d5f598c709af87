import { useEffect, useRef } from "react";
import { fetchMapState } from "./api";
import type { MapController } from "./map-controller";
import { decodeMapState } from "./ownership";

/** How often the ownership overlay is asked for while the tab is visible (until live updates arrive). */
export const STATE_POLL_MS = 15_000;

/**
 * Keeps the map's owner colours and for-sale marks current: fetches the overlay at once, then every
 * STATE_POLL_MS while the page is visible, and again as soon as it becomes visible. Geometry is never
 * reloaded; only feature-state changes. `onChange` runs after each overlay that changed something.
 */
export function useOwnershipOverlay(controller: MapController | null, onChange: () => void): void {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    if (!controller) return;
    let etag: string | null = null;
    let timer: number | undefined;
    let inFlight: AbortController | null = null;
    let stopped = false;

    const schedule = () => {
      window.clearTimeout(timer);
      if (!stopped && document.visibilityState === "visible") timer = window.setTimeout(poll, STATE_POLL_MS);
    };

    async function poll() {
      if (stopped || inFlight) return;
      inFlight = new AbortController();
      try {
        const result = await fetchMapState(etag, inFlight.signal);
        if (result.changed && !stopped) {
          etag = result.etag;
          controller?.setMarks(decodeMapState(result.state));
          onChangeRef.current();
        }
      } catch (error) {
        // A missed overlay is not worth an error screen; the next poll tries again.
        if (!stopped) console.warn("Could not refresh building ownership", error);
      } finally {
        inFlight = null;
        schedule();
      }
    }

    const onVisibility = () => {
      if (document.visibilityState === "visible") void poll();
      else window.clearTimeout(timer);
    };

    void poll();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      inFlight?.abort();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [controller]);
}
