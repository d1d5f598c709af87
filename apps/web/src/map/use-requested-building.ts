import type { BuildingSearchResult } from "@mx/shared/schemas/properties";
import { useEffect, useState } from "react";
import { fetchPropertyDetails } from "./api";
import type { MapController } from "./map-controller";

/** "Show on map" (/map?building=<id>): once the map is drawn, fly to that building and select it. */
export function useRequestedBuilding(
  controller: MapController | null,
  isReady: boolean,
  chooseResult: (result: BuildingSearchResult) => void,
): void {
  const [requested, setRequested] = useState(() =>
    new URLSearchParams(window.location.search).get("building"),
  );
  useEffect(() => {
    if (!controller || !isReady || !requested) return;
    const abort = new AbortController();
    fetchPropertyDetails(requested, abort.signal)
      .then((property) => {
        setRequested(null);
        if (!property) return;
        chooseResult({
          buildingId: property.buildingId,
          mapId: property.mapId,
          name: property.name,
          address: property.address,
          lat: property.location.lat,
          lng: property.location.lng,
          ...(property.height === null ? {} : { heightM: property.height }),
        });
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) console.warn("Could not find the building to show", error);
      });
    return () => abort.abort();
  }, [controller, isReady, requested, chooseResult]);
}
