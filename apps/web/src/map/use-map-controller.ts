import { type RefObject, useEffect, useState } from "react";
import { ApiError } from "../lib/api-client";
import { markFirstViewDrawn } from "../lib/service-worker";
import { fetchManifest } from "./api";
import { cardPadding } from "./card-padding";
import { mapTexts } from "./copy";
import type { MapController } from "./map-controller";
import type { PickedBuilding } from "./picked-building";

export type Phase = { kind: "loading" } | { kind: "ready" } | { kind: "error"; detail: string };

function failureDetail(error: unknown): string {
  // The server's own words when it gave some (a 503 says no map data has been imported yet).
  if (error instanceof ApiError && error.status > 0 && error.message && !/^HTTP \d+$/.test(error.message)) {
    return error.message;
  }
  if (error instanceof ApiError && error.code === "BAD_MANIFEST") return error.message;
  return mapTexts.checkConnection;
}

/**
 * Loads the manifest and MapLibre side by side, then draws the map in `container`: the map's phase, its controller
 * once drawn, and a way to try again after a failure. A building picked on the map goes to `pick`.
 */
export function useMapController(
  containerRef: RefObject<HTMLDivElement | null>,
  cardRef: RefObject<HTMLElement | null>,
  pick: (building: PickedBuilding | null, ctl: MapController) => void,
) {
  const [attempt, setAttempt] = useState(0);
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const [controller, setController] = useState<MapController | null>(null);

  // Load the manifest and MapLibre side by side, then draw the map.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the Retry trigger; the refs never change.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const abort = new AbortController();
    let ctl: MapController | null = null;
    setPhase({ kind: "loading" });
    container.removeAttribute("data-map-ready");
    container.removeAttribute("data-buildings-visible");

    Promise.all([fetchManifest(abort.signal), import("./map-controller")])
      .then(([manifest, { MapController }]) => {
        if (abort.signal.aborted) return;
        try {
          ctl = new MapController(container, manifest, {
            onBuildingsVisible: () => container.setAttribute("data-buildings-visible", "true"),
            onReady: () => {
              container.setAttribute("data-map-ready", "true");
              markFirstViewDrawn();
              setPhase({ kind: "ready" });
            },
            onPick: (building) => {
              if (!ctl) return;
              pick(building, ctl);
              // A building picked under the bottom sheet (or the card) is eased into view once the card is drawn.
              if (building) {
                const shown = ctl;
                requestAnimationFrame(() =>
                  shown.reveal(building.lng, building.lat, cardPadding(cardRef.current)),
                );
              }
            },
            onFatal: (detail) => setPhase({ kind: "error", detail }),
          });
        } catch (error) {
          console.error("The map could not start", error);
          setPhase({ kind: "error", detail: mapTexts.noWebGl });
          return;
        }
        setController(ctl);
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        console.error("The map could not be loaded", error);
        setPhase({ kind: "error", detail: failureDetail(error) });
      });

    return () => {
      abort.abort();
      ctl?.destroy();
      setController(null);
    };
  }, [attempt, pick]);

  return { phase, controller, retry: () => setAttempt((n) => n + 1) };
}
