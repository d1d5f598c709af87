import { useEffect } from "react";
import { fetchNeighborhoods } from "./api";
import type { MapController } from "./map-controller";

/** Neighbourhood labels with their top owners, refreshed every minute. */
export function useNeighborhoodLabels(controller: MapController | null): void {
  useEffect(() => {
    if (!controller) return;
    const abort = new AbortController();
    const load = () =>
      fetchNeighborhoods(abort.signal).then(
        (list) => controller.setNeighborhoods(list),
        (error: unknown) => {
          if (!abort.signal.aborted) console.warn("Could not load the neighbourhoods", error);
        },
      );
    void load();
    const timer = setInterval(() => void load(), 60_000);
    return () => {
      clearInterval(timer);
      abort.abort();
    };
  }, [controller]);
}
