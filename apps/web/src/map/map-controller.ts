import type { MapManifest } from "@mx/shared/schemas/map";
import type { Neighborhood } from "@mx/shared/schemas/properties";
import {
  type GeoJSONSource,
  type LngLat,
  type MapGeoJSONFeature,
  type Map as MapLibreMap,
  type MapMouseEvent,
  type PointLike,
  setWorkerUrl,
} from "maplibre-gl";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import "maplibre-gl/dist/maplibre-gl.css";
import { fetchSites } from "./api";
import { frameBuilding, offsetLngLat } from "./camera";
import { applyCollectionMarks, applyMarks, buildingTarget } from "./feature-states";
import { describeView, drawnBuildings } from "./map-readout";
import {
  BUILDINGS_MIN_ZOOM,
  DEFAULT_HEIGHT_M,
  LAYERS,
  NEIGHBORHOOD_SOURCE_ID,
  roofTop,
  SELECTION_SOURCE_ID,
  SITES_SOURCE_ID,
  SOURCE_ID,
  SOURCE_LAYERS,
  STATE,
} from "./map-style";
import { createMap, fitIsland, keepInView, MAP_VIEW } from "./map-view";
import { addMarkerImage } from "./markers";
import { type BuildingMark, isBlankMark } from "./ownership";
import { type PickedBuilding, pickFromFeature } from "./picked-building";
import { indexSites, type SiteIndex, siteFeatures } from "./sites";

/*
 * Everything that touches MapLibre lives here, so the page loads this module (and MapLibre with it)
 * in parallel with the manifest while the header and search are already usable.
 */

// The worker is its own file; Vite copies it next to the bundle with a hashed name (same origin, CSP 'self').
setWorkerUrl(workerUrl);

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
    this.map = createMap(container, manifest);

    // The marks are drawn on demand, the first time a tile asks for them.
    this.map.setMissingStyleImageResolver((id) => addMarkerImage(this.map, id));
    this.map.on("load", () => {
      this.styleLoaded = true;
      applyMarks(this.map, this.marks, new Map());
      applyCollectionMarks(this.map, this.collectionMarks, new Map());
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
    fitIsland(this.map, this.manifest);
    this.map.on("resize", () => fitIsland(this.map, this.manifest));
    this.map.on("idle", this.handleIdle);
    this.map.on("render", this.watchFirstBuildings);
    this.map.on("mousemove", LAYERS.buildings, this.handleHover);
    this.map.on("mouseleave", LAYERS.buildings, this.clearHover);
    this.map.on("click", this.handleClick);
    this.map.getCanvas().addEventListener("keydown", this.handleKey);
  }

  private fail(message: string) {
    if (this.failed) return;
    this.failed = true;
    this.events.onFatal(message);
  }

  private readonly watchFirstBuildings = () => {
    if (this.failed || drawnBuildings(this.map) === 0) return;
    this.map.off("render", this.watchFirstBuildings);
    this.events.onBuildingsVisible?.();
  };

  private readonly handleIdle = () => {
    if (this.failed || !this.map.isSourceLoaded(SOURCE_ID)) return;
    const drawn = drawnBuildings(this.map);
    describeView(this.map, this.manifest, drawn, this.selected, this.selectedAt);
    if (this.ready) return;
    if (drawn === 0 && this.tileErrors > 0) {
      this.fail("The map tiles could not be loaded.");
      return;
    }
    this.ready = true;
    this.events.onReady();
  };

  private readonly handleHover = (e: MapMouseEvent & { features?: MapGeoJSONFeature[] }) => {
    const id = e.features?.[0]?.id;
    const next = typeof id === "number" ? id : null;
    if (next === this.hovered) return;
    if (this.hovered !== null)
      this.map.setFeatureState(buildingTarget(this.hovered), { [STATE.hover]: false });
    this.hovered = next;
    if (next !== null) this.map.setFeatureState(buildingTarget(next), { [STATE.hover]: true });
    this.map.getCanvas().style.cursor = next === null ? "" : "pointer";
  };

  private readonly clearHover = () => {
    if (this.hovered !== null)
      this.map.setFeatureState(buildingTarget(this.hovered), { [STATE.hover]: false });
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
      this.map.setFeatureState(buildingTarget(this.selected), { [STATE.selected]: false });
    this.selected = mapId;
    this.selectedAt = mapId !== null && at ? { lng: at.lng, lat: at.lat } : null;
    if (mapId !== null) this.map.setFeatureState(buildingTarget(mapId), { [STATE.selected]: true });
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
    if (mapId !== undefined)
      this.map.once("moveend", () => keepInView(this.map, mapId, lng, lat, () => this.selected === mapId));
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
    if (this.styleLoaded) applyMarks(this.map, next, before);
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
    if (this.styleLoaded) applyCollectionMarks(this.map, next, before);
    // How many buildings carry the mark: what a test (or a curious reader of the page) can see of it.
    this.map.getContainer().setAttribute("data-collection-marks", String(next.size));
  }
  /** One building's new mark (from a live event), applied at once; null or an empty mark clears it. */
  updateMark(mapId: number, mark: BuildingMark | null) {
    const next = new Map(this.marks);
    if (mark && !isBlankMark(mark)) next.set(mapId, mark);
    else next.delete(mapId);
    this.setMarks(next);
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
