import type { MapManifest } from "@mx/shared/schemas/map";
import { AttributionControl, Map as MapLibreMap, NavigationControl } from "maplibre-gl";
import { fitOutline } from "./camera";
import { buildMapStyle, LAYERS, padBounds } from "./map-style";

/*
 * The map itself: how it opens (camera, controls, resolution), how far it may zoom out, and how the camera keeps a
 * selected building in sight.
 */

export const MAP_VIEW = {
  zoom: 15.6,
  pitch: 50,
  wideFromPx: 900,
  wideZoom: 16,
  widePitch: 40,
  flyZoom: 17,
  minFlyZoom: 14,
  maxZoom: 19,
  maxPitch: 70,
} as const;

const SOFTWARE_WIDE_PIXEL_RATIO = 0.75;

/** True when WebGL runs on the CPU (SwiftShader, llvmpipe): a machine without a usable GPU. */
function drawsInSoftware(): boolean {
  try {
    const gl = document.createElement("canvas").getContext("webgl");
    if (!gl) return false;
    const info = gl.getExtension("WEBGL_debug_renderer_info");
    const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    gl.getExtension("WEBGL_lose_context")?.loseContext();
    return /swiftshader|llvmpipe|softpipe|software/i.test(renderer);
  } catch {
    return false;
  }
}

/** Manhattan's street grid runs about 29° east of true north; turning the map by it puts the avenues upright. */
const GRID_BEARING = 29;

const MAP_TITLE =
  "Map of Manhattan. Arrow keys pan, plus and minus zoom, Shift with arrows rotates and tilts, Enter selects the building in the middle.";

/** Makes the MapLibre map in `container` with its first view and its controls. */
export function createMap(container: HTMLElement, manifest: MapManifest): MapLibreMap {
  // Smooth building edges where the screen itself does not — unless the map is drawn in software (no GPU), where
  // multisampling multiplies the cost of every pixel; on dense screens it only costs time.
  const software = drawsInSoftware();
  const antialias = window.devicePixelRatio < 2 && !software;
  // A wide screen opens a little closer and flatter: as much city, fewer distant tiles to fetch and draw.
  const wide = container.clientWidth > MAP_VIEW.wideFromPx;
  const map = new MapLibreMap({
    container,
    style: buildMapStyle(manifest, window.location.origin),
    center: manifest.center,
    zoom: Math.max(wide ? MAP_VIEW.wideZoom : MAP_VIEW.zoom, manifest.minzoom),
    pitch: wide ? MAP_VIEW.widePitch : MAP_VIEW.pitch,
    bearing: GRID_BEARING,
    minZoom: manifest.minzoom,
    maxZoom: MAP_VIEW.maxZoom,
    maxPitch: MAP_VIEW.maxPitch,
    attributionControl: false,
    canvasContextAttributes: { antialias },
    // Drawn in software, a large canvas is drawn at three quarters of its resolution and scaled up: a little softer,
    // and the first view is drawn much sooner.
    pixelRatio: software && wide ? SOFTWARE_WIDE_PIXEL_RATIO : window.devicePixelRatio,
    fadeDuration: 150,
    locale: { "Map.Title": MAP_TITLE },
  });
  map.addControl(new NavigationControl({ visualizePitch: true }), "top-right");
  map.addControl(
    new AttributionControl({
      customAttribution: '<a href="https://maplibre.org/" target="_blank" rel="noopener">MapLibre</a>',
      compact: !wide,
    }),
    "bottom-right",
  );
  // On a phone the credits of every data source would cover the map: they open from their (i) button.
  if (!wide) {
    map.once("load", () =>
      container.querySelector(".maplibregl-ctrl-attrib")?.classList.remove("maplibregl-compact-show"),
    );
  }
  return map;
}

/** The four corners of a west, south, east, north box, anticlockwise from the south-west. */
function boundsCorners([w, s, e, n]: [number, number, number, number]): [number, number][] {
  return [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
  ];
}

/**
 * Lets every screen zoom out until the whole island shows, and no further: the zoom-out button is disabled there.
 * The camera may wander a little past the island, within a box that always holds the widest view.
 */
export function fitIsland(map: MapLibreMap, manifest: MapManifest) {
  const canvas = map.getCanvas();
  const outline =
    manifest.outline && manifest.outline.length > 2 ? manifest.outline : boundsCorners(manifest.bounds);
  // Tilted, the near half of the view is magnified: a little more room than a view from straight above needs.
  const fit = fitOutline(outline, GRID_BEARING, canvas.clientWidth, canvas.clientHeight, 24);
  if (!fit) return;
  const minZoom = Math.max(manifest.minzoom, Math.min(fit.zoom - 0.35, MAP_VIEW.zoom));
  const [w, s, e, n] = padBounds(manifest.bounds, 0.12).flat() as [number, number, number, number];
  const span = (fit.halfSpan * 2 ** (fit.zoom - minZoom) * 360) / 512;
  const [lng, lat] = fit.center;
  const latSpan = span * Math.cos((lat * Math.PI) / 180);
  map.setMaxBounds([
    [Math.min(w, lng - span), Math.min(s, lat - latSpan)],
    [Math.max(e, lng + span), Math.max(n, lat + latSpan)],
  ]);
  map.setMinZoom(minZoom);
}

/** True when every point of the island's outline is inside the canvas. */
export function islandInView(map: MapLibreMap, manifest: MapManifest): boolean {
  const outline = manifest.outline ?? boundsCorners(manifest.bounds);
  const canvas = map.getCanvas();
  return outline.every(([lng, lat]) => {
    const { x, y } = map.project([lng, lat]);
    return x >= 0 && y >= 0 && x <= canvas.clientWidth && y <= canvas.clientHeight;
  });
}

/**
 * Once the camera has settled on a building, makes sure it is the one seen at its place. A low building behind
 * towers is hidden by them at a slant: the camera first looks down more steeply, then from the other side, and
 * only if it is still hidden straight down from a little further out, so that its neighbours' heights still show.
 */
export function keepInView(
  map: MapLibreMap,
  mapId: number,
  lng: number,
  lat: number,
  isSelected: () => boolean,
  attempt = 0,
) {
  map.once("idle", () => {
    if (!isSelected()) return;
    const [front] = map.queryRenderedFeatures(map.project([lng, lat]), {
      layers: [LAYERS.buildings],
    });
    if (!front || front.id === mapId) return;
    const views = [
      { pitch: 30 },
      { pitch: 45, bearing: map.getBearing() + 180 },
      { pitch: 0, zoom: Math.max(map.getZoom() - 1, MAP_VIEW.minFlyZoom) },
    ];
    const view = views[attempt];
    if (!view) return;
    map.easeTo({ ...view, center: [lng, lat], duration: 700 });
    if (attempt + 1 < views.length)
      map.once("moveend", () => keepInView(map, mapId, lng, lat, isSelected, attempt + 1));
  });
}
