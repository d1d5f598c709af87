import type { MapManifest } from "@mx/shared/schemas/map";
import type { Map as MapLibreMap } from "maplibre-gl";
import { BUILDINGS_MIN_ZOOM, LAYERS } from "./map-style";
import { islandInView } from "./map-view";

/*
 * What the settled view shows, written on the map's container as data attributes for tests and the bench.
 */

/** Buildings one by one from zoom 13, the island's blocks below it. */
export function drawnBuildings(map: MapLibreMap): number {
  return map.queryRenderedFeatures({ layers: [LAYERS.buildings, LAYERS.blocks] }).length;
}

/** Writes down the settled view: buildings drawn, camera, the selection and the island view's marks. */
export function describeView(
  map: MapLibreMap,
  manifest: MapManifest,
  drawn: number,
  selected: number | null,
  at: { lng: number; lat: number } | null,
) {
  // What the settled view shows, for tests and the bench: blank tiles would show as 0.
  const container = map.getContainer();
  container.dataset.drawnBuildings = String(drawn);
  container.dataset.zoom = map.getZoom().toFixed(1);
  container.dataset.pitch = map.getPitch().toFixed(0);
  container.dataset.minZoom = map.getMinZoom().toFixed(1);
  container.dataset.islandInView = String(islandInView(map, manifest));
  describeSelection(map, container, selected, at);
  describeSites(map, container, selected);
}

/** What the player sees of the selection: how many pins, and whether the building in front at its place is it. */
function describeSelection(
  map: MapLibreMap,
  container: HTMLElement,
  selected: number | null,
  at: { lng: number; lat: number } | null,
) {
  const pins = map.queryRenderedFeatures({ layers: [LAYERS.selectedMarker] }).length;
  container.dataset.selectionPins = String(pins);
  if (selected !== null && at) {
    const [front] = map.queryRenderedFeatures(map.project(at), {
      layers: [LAYERS.buildings],
    });
    container.dataset.selectedInFront = String(front?.id === selected);
    // Whether the selected building runs off the top or the bottom of the view.
    const canvas = map.getCanvas();
    const edge = (y: number) =>
      map
        .queryRenderedFeatures(
          [
            [0, y],
            [canvas.clientWidth, y + 2],
          ],
          { layers: [LAYERS.buildings] },
        )
        .some((f) => f.id === selected);
    container.dataset.selectedClipped = String(edge(0) || edge(canvas.clientHeight - 2));
  } else {
    delete container.dataset.selectedInFront;
    delete container.dataset.selectedClipped;
  }
}

/**
 * What the island view shows of developments, for tests: how many dots and squares of works are drawn, and the
 * selected building's (its level, and whether works run), or nothing once buildings are drawn one by one.
 */
function describeSites(map: MapLibreMap, container: HTMLElement, selected: number | null) {
  const layers = [LAYERS.sites, LAYERS.siteWorks];
  const drawn = map.getZoom() < BUILDINGS_MIN_ZOOM ? map.queryRenderedFeatures({ layers }) : [];
  container.dataset.developmentSites = String(drawn.filter((f) => f.layer.id === LAYERS.sites).length);
  container.dataset.constructionSites = String(drawn.filter((f) => f.layer.id === LAYERS.siteWorks).length);
  const mine = drawn.filter((f) => f.id === selected);
  if (mine.length > 0) {
    container.dataset.selectedSiteLevel = String(mine[0]?.properties.level ?? 0);
    container.dataset.selectedSiteConstructing = String(mine.some((f) => f.layer.id === LAYERS.siteWorks));
  } else {
    delete container.dataset.selectedSiteLevel;
    delete container.dataset.selectedSiteConstructing;
  }
}
