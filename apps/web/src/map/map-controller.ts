import type { MapManifest } from "@mx/shared/schemas/map";
import type { Neighborhood } from "@mx/shared/schemas/properties";
import {
  AttributionControl,
  type FeatureIdentifier,
  type GeoJSONSource,
  type LngLat,
  type MapGeoJSONFeature,
  Map as MapLibreMap,
  type MapMouseEvent,
  NavigationControl,
  type PointLike,
  setWorkerUrl,
} from "maplibre-gl";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import "maplibre-gl/dist/maplibre-gl.css";
import { fetchSites } from "./api";
import { fitOutline, frameBuilding, offsetLngLat } from "./camera";
import {
  BUILDINGS_MIN_ZOOM,
  buildMapStyle,
  DEFAULT_HEIGHT_M,
  LAYERS,
  MARKER_IMAGES,
  NEIGHBORHOOD_SOURCE_ID,
  padBounds,
  roofTop,
  SELECTION_SOURCE_ID,
  SITE_LEVEL_IMAGE_PREFIX,
  SITES_SOURCE_ID,
  SOURCE_ID,
  SOURCE_LAYERS,
  STATE,
} from "./map-style";
import {
  drawLevelDigit,
  drawSaleMarker,
  drawScaffoldHatch,
  drawScaffoldSite,
  drawSelectionPin,
} from "./markers";
import { type BuildingMark, diffMarks, isBlankMark } from "./ownership";
import { indexSites, type SiteIndex, siteFeatures } from "./sites";

/*
 * Everything that touches MapLibre lives here, so the page loads this module (and MapLibre with it)
 * in parallel with the manifest while the header and search are already usable.
 */

// The worker is its own file; Vite copies it next to the bundle with a hashed name (same origin, CSP 'self').
setWorkerUrl(workerUrl);

/** A building the player picked on the map or in the search. */
export interface PickedBuilding {
  buildingId: string;
  mapId: number;
  /** The tile's display name ("" when the building has none). */
  name: string;
  address: string | null;
  lat: number;
  lng: number;
}

export interface MapControllerEvents {
  /** The first view has finished drawing (tiles loaded, buildings on screen). */
  onReady: () => void;
  /** The first frame in which any building is drawn. */
  onBuildingsVisible?: () => void;
  /** A building was clicked (or picked with Enter), or the empty map was clicked (null). */
  onPick: (building: PickedBuilding | null) => void;
  /** The map cannot be shown at all. */
  onFatal: (message: string) => void;
}

/** Room, in CSS pixels, that the page's own panels take over the map on each side. */
export interface Padding {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

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
export const GRID_BEARING = 29;

const MAP_TITLE =
  "Map of Manhattan. Arrow keys pan, plus and minus zoom, Shift with arrows rotates and tilts, Enter selects the building in the middle.";

function centroid(feature: MapGeoJSONFeature): [number, number] | null {
  const geometry = feature.geometry;
  const ring =
    geometry.type === "Polygon"
      ? geometry.coordinates[0]
      : geometry.type === "MultiPolygon"
        ? geometry.coordinates[0]?.[0]
        : undefined;
  if (!ring || ring.length === 0) return null;
  // The closing vertex repeats the first one; leave it out of the average.
  const points = ring.length > 1 ? ring.slice(0, -1) : ring;
  let lng = 0;
  let lat = 0;
  for (const [x = 0, y = 0] of points) {
    lng += x;
    lat += y;
  }
  return [lng / points.length, lat / points.length];
}

function pickFromFeature(feature: MapGeoJSONFeature, fallback: LngLat): PickedBuilding | null {
  if (typeof feature.id !== "number") return null;
  const props = feature.properties as Record<string, unknown>;
  const [lng, lat] = centroid(feature) ?? [fallback.lng, fallback.lat];
  return {
    buildingId:
      typeof props.buildingId === "string" ? props.buildingId : String(props.buildingId ?? feature.id),
    mapId: feature.id,
    name: typeof props.name === "string" ? props.name : "",
    address: null,
    lat,
    lng,
  };
}

function boundsCorners([w, s, e, n]: [number, number, number, number]): [number, number][] {
  return [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
  ];
}

export class MapController {
  readonly map: MapLibreMap;
  private readonly events: MapControllerEvents;
  private ready = false;
  private failed = false;
  private styleLoaded = false;
  private hovered: number | null = null;
  private selected: number | null = null;
  private selectedAt: { lng: number; lat: number } | null = null;
  private marks = new Map<number, BuildingMark>();
  /** The held collections' mark: map id → the holder's colour. */
  private collectionMarks = new Map<number, string>();
  private tileErrors = 0;
  private readonly manifest: MapManifest;
  /** Every building's point, fetched the first time the player nears the island view. */
  private sites: SiteIndex | null = null;
  private sitesRequested = false;
  /** The island view's marks are behind the overlay, to be redrawn when next seen. */
  private sitesStale = true;
  private sitesFrame: number | null = null;

  /** Throws when the browser cannot draw the map (no WebGL). */
  constructor(container: HTMLElement, manifest: MapManifest, events: MapControllerEvents) {
    this.events = events;
    this.manifest = manifest;
    // Smooth building edges where the screen itself does not — unless the map is drawn in software (no GPU), where
    // multisampling multiplies the cost of every pixel; on dense screens it only costs time.
    const software = drawsInSoftware();
    const antialias = window.devicePixelRatio < 2 && !software;
    // A wide screen opens a little closer and flatter: as much city, fewer distant tiles to fetch and draw.
    const wide = container.clientWidth > MAP_VIEW.wideFromPx;
    this.map = new MapLibreMap({
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
    this.map.addControl(new NavigationControl({ visualizePitch: true }), "top-right");
    this.map.addControl(
      new AttributionControl({
        customAttribution: '<a href="https://maplibre.org/" target="_blank" rel="noopener">MapLibre</a>',
        compact: !wide,
      }),
      "bottom-right",
    );
    // On a phone the credits of every data source would cover the map: they open from their (i) button.
    if (!wide) {
      this.map.once("load", () =>
        container.querySelector(".maplibregl-ctrl-attrib")?.classList.remove("maplibregl-compact-show"),
      );
    }

    // The marks are drawn on demand, the first time a tile asks for them.
    this.map.setMissingStyleImageResolver((id) => this.addMarker(id));
    this.map.on("load", () => {
      this.styleLoaded = true;
      this.applyMarks(this.marks, new Map());
      this.applyCollectionMarks(this.collectionMarks, new Map());
      this.drawSites();
    });
    this.map.on("zoom", this.drawSites);
    this.map.on("error", (e) => {
      const sourceId = (e as { sourceId?: string }).sourceId;
      if (sourceId === SOURCE_ID) this.tileErrors += 1;
      if (!this.ready && !sourceId) {
        // An error outside tile loading before the first frame (style, WebGL) means there is no map.
        this.fail(e.error?.message ?? "The map could not be drawn.");
      }
    });
    this.fitIsland();
    this.map.on("resize", () => this.fitIsland());
    this.map.on("idle", this.handleIdle);
    this.map.on("render", this.watchFirstBuildings);
    this.map.on("mousemove", LAYERS.buildings, this.handleHover);
    this.map.on("mouseleave", LAYERS.buildings, this.clearHover);
    this.map.on("click", this.handleClick);
    this.map.getCanvas().addEventListener("keydown", this.handleKey);
  }

  /**
   * Lets every screen zoom out until the whole island shows, and no further: the zoom-out button is disabled there.
   * The camera may wander a little past the island, within a box that always holds the widest view.
   */
  private fitIsland() {
    const canvas = this.map.getCanvas();
    const outline =
      this.manifest.outline && this.manifest.outline.length > 2
        ? this.manifest.outline
        : boundsCorners(this.manifest.bounds);
    // Tilted, the near half of the view is magnified: a little more room than a view from straight above needs.
    const fit = fitOutline(outline, GRID_BEARING, canvas.clientWidth, canvas.clientHeight, 24);
    if (!fit) return;
    const minZoom = Math.max(this.manifest.minzoom, Math.min(fit.zoom - 0.35, MAP_VIEW.zoom));
    const [w, s, e, n] = padBounds(this.manifest.bounds, 0.12).flat() as [number, number, number, number];
    const span = (fit.halfSpan * 2 ** (fit.zoom - minZoom) * 360) / 512;
    const [lng, lat] = fit.center;
    const latSpan = span * Math.cos((lat * Math.PI) / 180);
    this.map.setMaxBounds([
      [Math.min(w, lng - span), Math.min(s, lat - latSpan)],
      [Math.max(e, lng + span), Math.max(n, lat + latSpan)],
    ]);
    this.map.setMinZoom(minZoom);
  }

  /** True when every point of the island's outline is inside the canvas. */
  private islandInView(): boolean {
    const outline = this.manifest.outline ?? boundsCorners(this.manifest.bounds);
    const canvas = this.map.getCanvas();
    return outline.every(([lng, lat]) => {
      const { x, y } = this.map.project([lng, lat]);
      return x >= 0 && y >= 0 && x <= canvas.clientWidth && y <= canvas.clientHeight;
    });
  }

  private fail(message: string) {
    if (this.failed) return;
    this.failed = true;
    this.events.onFatal(message);
  }

  /** Buildings one by one from zoom 13, the island's blocks below it. */
  private drawnBuildings(): number {
    return this.map.queryRenderedFeatures({ layers: [LAYERS.buildings, LAYERS.blocks] }).length;
  }

  private readonly watchFirstBuildings = () => {
    if (this.failed || this.drawnBuildings() === 0) return;
    this.map.off("render", this.watchFirstBuildings);
    this.events.onBuildingsVisible?.();
  };

  private readonly handleIdle = () => {
    if (this.failed || !this.map.isSourceLoaded(SOURCE_ID)) return;
    const drawn = this.drawnBuildings();
    // What the settled view shows, for tests and the bench: blank tiles would show as 0.
    const container = this.map.getContainer();
    container.dataset.drawnBuildings = String(drawn);
    container.dataset.zoom = this.map.getZoom().toFixed(1);
    container.dataset.pitch = this.map.getPitch().toFixed(0);
    container.dataset.minZoom = this.map.getMinZoom().toFixed(1);
    container.dataset.islandInView = String(this.islandInView());
    // What the player sees of the selection: how many pins, and whether the building in front at its place is it.
    const pins = this.map.queryRenderedFeatures({ layers: [LAYERS.selectedMarker] }).length;
    container.dataset.selectionPins = String(pins);
    if (this.selected !== null && this.selectedAt) {
      const [front] = this.map.queryRenderedFeatures(this.map.project(this.selectedAt), {
        layers: [LAYERS.buildings],
      });
      container.dataset.selectedInFront = String(front?.id === this.selected);
      // Whether the selected building runs off the top or the bottom of the view.
      const canvas = this.map.getCanvas();
      const edge = (y: number) =>
        this.map
          .queryRenderedFeatures(
            [
              [0, y],
              [canvas.clientWidth, y + 2],
            ],
            { layers: [LAYERS.buildings] },
          )
          .some((f) => f.id === this.selected);
      container.dataset.selectedClipped = String(edge(0) || edge(canvas.clientHeight - 2));
    } else {
      delete container.dataset.selectedInFront;
      delete container.dataset.selectedClipped;
    }
    this.describeSites(container);
    if (this.ready) return;
    if (drawn === 0 && this.tileErrors > 0) {
      this.fail("The map tiles could not be loaded.");
      return;
    }
    this.ready = true;
    this.events.onReady();
  };

  /**
   * What the island view shows of developments, for tests: how many dots and squares of works are drawn, and the
   * selected building's (its level, and whether works run), or nothing once buildings are drawn one by one.
   */
  private describeSites(container: HTMLElement) {
    const layers = [LAYERS.sites, LAYERS.siteWorks];
    const drawn = this.map.getZoom() < BUILDINGS_MIN_ZOOM ? this.map.queryRenderedFeatures({ layers }) : [];
    container.dataset.developmentSites = String(drawn.filter((f) => f.layer.id === LAYERS.sites).length);
    container.dataset.constructionSites = String(drawn.filter((f) => f.layer.id === LAYERS.siteWorks).length);
    const mine = drawn.filter((f) => f.id === this.selected);
    if (mine.length > 0) {
      container.dataset.selectedSiteLevel = String(mine[0]?.properties.level ?? 0);
      container.dataset.selectedSiteConstructing = String(mine.some((f) => f.layer.id === LAYERS.siteWorks));
    } else {
      delete container.dataset.selectedSiteLevel;
      delete container.dataset.selectedSiteConstructing;
    }
  }

  private target(mapId: number): FeatureIdentifier {
    return { source: SOURCE_ID, sourceLayer: SOURCE_LAYERS.buildings, id: mapId };
  }

  private addMarker(id: string) {
    const level = id.startsWith(SITE_LEVEL_IMAGE_PREFIX)
      ? Number(id.slice(SITE_LEVEL_IMAGE_PREFIX.length))
      : Number.NaN;
    const draw =
      id === MARKER_IMAGES.sale
        ? drawSaleMarker
        : id === MARKER_IMAGES.selected
          ? drawSelectionPin
          : id === MARKER_IMAGES.hatch
            ? drawScaffoldHatch
            : id === MARKER_IMAGES.works
              ? drawScaffoldSite
              : Number.isInteger(level) && level >= 1
                ? (ratio: number) => drawLevelDigit(level, ratio)
                : null;
    if (!draw || this.map.hasImage(id)) return;
    const image = draw(2);
    if (image) this.map.addImage(id, image, { pixelRatio: 2 });
  }

  private readonly handleHover = (e: MapMouseEvent & { features?: MapGeoJSONFeature[] }) => {
    const id = e.features?.[0]?.id;
    const next = typeof id === "number" ? id : null;
    if (next === this.hovered) return;
    if (this.hovered !== null) this.map.setFeatureState(this.target(this.hovered), { [STATE.hover]: false });
    this.hovered = next;
    if (next !== null) this.map.setFeatureState(this.target(next), { [STATE.hover]: true });
    this.map.getCanvas().style.cursor = next === null ? "" : "pointer";
  };

  private readonly clearHover = () => {
    if (this.hovered !== null) this.map.setFeatureState(this.target(this.hovered), { [STATE.hover]: false });
    this.hovered = null;
    this.map.getCanvas().style.cursor = "";
  };

  private pickAt(point: PointLike, lngLat: LngLat): PickedBuilding | null {
    const [feature] = this.map.queryRenderedFeatures(point, { layers: [LAYERS.buildings] });
    return feature ? pickFromFeature(feature, lngLat) : null;
  }

  private readonly handleClick = (e: MapMouseEvent) => {
    this.events.onPick(this.pickAt(e.point, e.lngLat));
  };

  /** Enter or Space on the focused map picks the building in the middle of the view. */
  private readonly handleKey = (e: KeyboardEvent) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    e.preventDefault();
    const canvas = this.map.getCanvas();
    const point: [number, number] = [canvas.clientWidth / 2, canvas.clientHeight / 2];
    const picked = this.pickAt(point, this.map.unproject(point));
    if (picked) this.events.onPick(picked);
  };

  /** Highlights one building (or none). Feature-state works by id, so the building need not be loaded yet. */
  select(mapId: number | null, at?: { lng: number; lat: number }) {
    if (this.selected === mapId) return;
    if (this.selected !== null)
      this.map.setFeatureState(this.target(this.selected), { [STATE.selected]: false });
    this.selected = mapId;
    this.selectedAt = mapId !== null && at ? { lng: at.lng, lat: at.lat } : null;
    if (mapId !== null) this.map.setFeatureState(this.target(mapId), { [STATE.selected]: true });
    const pin = this.map.getSource<GeoJSONSource>(SELECTION_SOURCE_ID);
    pin?.setData({
      type: "FeatureCollection",
      features:
        mapId !== null && at
          ? [
              {
                type: "Feature",
                // Above the roof as drawn: added floors and a roof garden raise it.
                properties: {
                  height: roofTop(
                    this.heightOf(mapId) ?? DEFAULT_HEIGHT_M,
                    this.marks.get(mapId)?.level ?? 0,
                  ),
                },
                geometry: { type: "Point", coordinates: [at.lng, at.lat] },
              },
            ]
          : [],
    });
  }

  /** Labels every neighbourhood with its name and its top owner (in their colour). */
  setNeighborhoods(neighborhoods: Neighborhood[]) {
    this.map.getSource<GeoJSONSource>(NEIGHBORHOOD_SOURCE_ID)?.setData({
      type: "FeatureCollection",
      features: neighborhoods.map((n) => ({
        type: "Feature",
        properties: n.topOwner
          ? { name: n.name, owner: n.topOwner.userName, color: n.topOwner.color }
          : { name: n.name },
        geometry: { type: "Point", coordinates: [n.location.lng, n.location.lat] },
      })),
    });
  }

  /**
   * Once the camera has settled on a building, makes sure it is the one seen at its place. A low building behind
   * towers is hidden by them at a slant: the camera first looks down more steeply, then from the other side, and
   * only if it is still hidden straight down from a little further out, so that its neighbours' heights still show.
   */
  private keepInView(mapId: number, lng: number, lat: number, attempt = 0) {
    this.map.once("idle", () => {
      if (this.selected !== mapId) return;
      const [front] = this.map.queryRenderedFeatures(this.map.project([lng, lat]), {
        layers: [LAYERS.buildings],
      });
      if (!front || front.id === mapId) return;
      const views = [
        { pitch: 30 },
        { pitch: 45, bearing: this.map.getBearing() + 180 },
        { pitch: 0, zoom: Math.max(this.map.getZoom() - 1, MAP_VIEW.minFlyZoom) },
      ];
      const view = views[attempt];
      if (!view) return;
      this.map.easeTo({ ...view, center: [lng, lat], duration: 700 });
      if (attempt + 1 < views.length)
        this.map.once("moveend", () => this.keepInView(mapId, lng, lat, attempt + 1));
    });
  }

  /** Height in metres of a building in the tiles loaded so far, if it is among them. */
  private heightOf(mapId: number): number | null {
    const [feature] = this.map.querySourceFeatures(SOURCE_ID, {
      sourceLayer: SOURCE_LAYERS.buildings,
      filter: ["==", ["id"], mapId],
    });
    const height = Number(feature?.properties.height);
    return Number.isFinite(height) && height > 0 ? height : null;
  }

  /**
   * Flies to a building and frames the whole of it: the taller the building, the steeper the view and the further
   * back the camera, so that its foot and its top both show in the part of the map the card leaves free.
   */
  flyTo(to: { lng: number; lat: number; mapId?: number; heightM?: number }, padding: Padding) {
    const { lng, lat, mapId } = to;
    const canvas = this.map.getCanvas();
    const freeHeight = Math.max(canvas.clientHeight - padding.top - padding.bottom, 120);
    // The search says how tall it is: its tiles are seldom loaded before the flight.
    const height = to.heightM ?? (mapId === undefined ? null : this.heightOf(mapId)) ?? DEFAULT_HEIGHT_M;
    const shot = frameBuilding(height, lat, canvas.clientHeight, freeHeight, {
      maxZoom: MAP_VIEW.flyZoom,
      minZoom: MAP_VIEW.minFlyZoom,
    });
    const bearing = this.map.getBearing();
    this.map.flyTo({
      center: offsetLngLat(lng, lat, bearing, shot.lead),
      zoom: shot.zoom,
      pitch: shot.pitch,
      padding,
      duration: 2200,
      // Not `essential`: a player who asks for reduced motion gets a jump instead of a flight.
    });
    if (mapId !== undefined) this.map.once("moveend", () => this.keepInView(mapId, lng, lat));
  }

  /** Eases the camera just enough that a point hidden under the card (or off screen) comes into view. */
  reveal(lng: number, lat: number, padding: Padding) {
    const canvas = this.map.getCanvas();
    const { x, y } = this.map.project([lng, lat]);
    const inside =
      x >= padding.left &&
      x <= canvas.clientWidth - padding.right &&
      y >= padding.top &&
      y <= canvas.clientHeight - padding.bottom;
    if (!inside) {
      this.map.easeTo({ center: [lng, lat], padding, duration: 600 });
    }
  }

  /** The overlay's mark of one building, as last applied. */
  markOf(mapId: number): BuildingMark | undefined {
    return this.marks.get(mapId);
  }

  /** Applies a new ownership overlay; only buildings whose mark changed are touched. */
  setMarks(next: Map<number, BuildingMark>) {
    const before = this.marks;
    this.marks = next;
    // Before the style has loaded there is no source to hold feature-state; "load" applies them all.
    if (this.styleLoaded) this.applyMarks(next, before);
    if (before !== next) {
      this.sitesStale = true;
      // Live events come in bursts: the island view's points are made once per frame at most.
      if (this.sitesFrame === null) {
        this.sitesFrame = requestAnimationFrame(() => {
          this.sitesFrame = null;
          this.drawSites();
        });
      }
    }
  }

  /** True when blocks stand in for buildings, or nearly: the island view's marks are wanted. */
  private nearIslandView(): boolean {
    return this.map.getZoom() < BUILDINGS_MIN_ZOOM + 0.5;
  }

  /**
   * The island view's marks, made from the overlay and every building's point. The points are fetched the first
   * time the player zooms out towards the island view, and the marks remade only when they would be seen.
   */
  private readonly drawSites = () => {
    if (!this.styleLoaded || !this.nearIslandView()) return;
    if (!this.sites) {
      this.loadSites();
      return;
    }
    if (!this.sitesStale) return;
    this.sitesStale = false;
    this.map.getSource<GeoJSONSource>(SITES_SOURCE_ID)?.setData(siteFeatures(this.marks, this.sites));
  };

  private loadSites() {
    const url = this.manifest.sites;
    if (this.sitesRequested || !url) return;
    this.sitesRequested = true;
    fetchSites(url)
      .then((sites) => {
        this.sites = indexSites(sites);
        this.sitesStale = true;
        this.drawSites();
      })
      .catch(() => {
        // Without the points the island view shows no developments; the next zoom out tries again.
        this.sitesRequested = false;
      });
  }

  /** The held collections' mark: each building of one in its holder's colour (the last call's marks replaced). */
  setCollectionMarks(held: { color: string; mapIds: number[] }[]) {
    const next = new Map<number, string>();
    for (const set of held) for (const mapId of set.mapIds) next.set(mapId, set.color);
    const before = this.collectionMarks;
    this.collectionMarks = next;
    if (this.styleLoaded) this.applyCollectionMarks(next, before);
    // How many buildings carry the mark: what a test (or a curious reader of the page) can see of it.
    this.map.getContainer().setAttribute("data-collection-marks", String(next.size));
  }

  private applyCollectionMarks(next: Map<number, string>, before: Map<number, string>) {
    for (const mapId of before.keys()) {
      if (!next.has(mapId)) this.map.removeFeatureState(this.target(mapId), STATE.collection);
    }
    for (const [mapId, color] of next) {
      if (before.get(mapId) !== color)
        this.map.setFeatureState(this.target(mapId), { [STATE.collection]: color });
    }
  }

  /** One building's new mark (from a live event), applied at once; null or an empty mark clears it. */
  updateMark(mapId: number, mark: BuildingMark | null) {
    const next = new Map(this.marks);
    if (mark && !isBlankMark(mark)) next.set(mapId, mark);
    else next.delete(mapId);
    this.setMarks(next);
  }

  private applyMarks(next: Map<number, BuildingMark>, before: Map<number, BuildingMark>) {
    const { set, cleared } = diffMarks(before, next);
    for (const [mapId, mark] of set) {
      const target = this.target(mapId);
      if (mark.color === null) this.map.removeFeatureState(target, STATE.color);
      this.map.setFeatureState(target, {
        ...(mark.color === null ? {} : { [STATE.color]: mark.color }),
        [STATE.forSale]: mark.forSale,
        [STATE.level]: mark.level,
        [STATE.constructing]: mark.constructing,
      });
    }
    for (const mapId of cleared) {
      const target = this.target(mapId);
      for (const key of [STATE.color, STATE.forSale, STATE.level, STATE.constructing]) {
        this.map.removeFeatureState(target, key);
      }
    }
  }

  resize() {
    this.map.resize();
  }

  destroy() {
    if (this.sitesFrame !== null) cancelAnimationFrame(this.sitesFrame);
    this.map.getCanvas().removeEventListener("keydown", this.handleKey);
    this.map.remove();
  }
}
