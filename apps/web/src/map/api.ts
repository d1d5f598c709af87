import { decodeSites, type Sites } from "@mx/shared/map-sites";
import { API_BASE, api } from "@mx/shared/routes";
import type { HeldCollectionsMapData } from "@mx/shared/schemas/collections";
import type { MapManifest, MapState } from "@mx/shared/schemas/map";
import type { BuildingSearchResult, Neighborhood, Property } from "@mx/shared/schemas/properties";
import { ApiError, apiRequest } from "../lib/api-client";

/*
 * The map page's calls. Types come from the shared schemas as types only, so zod stays out of
 * this page's bundle; the few fields the page cannot work without are checked by hand.
 */

function isBox(value: unknown): value is [number, number, number, number] {
  return Array.isArray(value) && value.length === 4 && value.every((n) => typeof n === "number");
}

/** Where the geometry lives. A 503 (no map data imported) arrives as an ApiError carrying the server's message. */
export async function fetchManifest(signal?: AbortSignal): Promise<MapManifest> {
  const { data } = await apiRequest<MapManifest | null>(api.mapManifest, { signal });
  if (
    !data ||
    typeof data.tiles !== "string" ||
    !isBox(data.bounds) ||
    !Array.isArray(data.center) ||
    data.center.length !== 2
  ) {
    throw new ApiError("The map description from the server is incomplete.", 0, "BAD_MANIFEST");
  }
  return data;
}

/** Flat [mapId, value, …] pairs whose mapIds are each the difference from the one before, back to plain mapIds. */
function undeltaPairs(pairs: number[]): number[] {
  const plain = pairs.slice();
  for (let i = 0, id = 0; i < plain.length; i += 2) {
    id += plain[i] as number;
    plain[i] = id;
  }
  return plain;
}

/** The overlay as sent (each mapId the difference from the one before) back to plain mapIds. */
function undeltaState(state: MapState): MapState {
  let sale = 0;
  const forSale = state.forSale.map((d) => {
    sale += d;
    return sale;
  });
  return {
    colors: state.colors,
    owned: undeltaPairs(state.owned),
    forSale,
    developed: undeltaPairs(Array.isArray(state.developed) ? state.developed : []),
  };
}

export type StateResult = { changed: false } | { changed: true; state: MapState; etag: string | null };

/**
 * The ownership overlay. Sends the last ETag so an unchanged overlay costs a 304 and no body;
 * `cache: "no-store"` keeps the browser from answering from its own cache behind our back.
 */
export async function fetchMapState(etag: string | null, signal?: AbortSignal): Promise<StateResult> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (etag) headers["If-None-Match"] = etag;
  const response = await fetch(`${API_BASE}${api.mapState}?encoding=delta`, {
    headers,
    cache: "no-store",
    signal,
  });
  if (response.status === 304) return { changed: false };
  if (!response.ok) throw new ApiError(`HTTP ${response.status}`, response.status);
  const body = (await response.json()) as { data?: MapState };
  const state = body.data;
  if (
    !state ||
    !Array.isArray(state.colors) ||
    !Array.isArray(state.owned) ||
    !Array.isArray(state.forSale)
  ) {
    throw new ApiError("The ownership overlay from the server is incomplete.", 0, "BAD_STATE");
  }
  return { changed: true, state: undeltaState(state), etag: response.headers.get("ETag") };
}

/** Every building's point (the manifest's `sites`), for the island view; cached for good by the browser. */
export async function fetchSites(url: string, signal?: AbortSignal): Promise<Sites> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new ApiError(`HTTP ${response.status}`, response.status);
  return decodeSites(await response.arrayBuffer());
}

/** The island's neighbourhoods with their top owners, for the map's labels. */
export async function fetchNeighborhoods(signal?: AbortSignal): Promise<Neighborhood[]> {
  const { data } = await apiRequest<{ neighborhoods: Neighborhood[] } | null>(api.neighborhoods, { signal });
  return data?.neighborhoods ?? [];
}

const SEARCH_LIMIT = 8;

export async function searchBuildings(query: string, signal?: AbortSignal): Promise<BuildingSearchResult[]> {
  const q = encodeURIComponent(query);
  const { data } = await apiRequest<{ results: BuildingSearchResult[] } | null>(
    `${api.buildingSearch}?q=${q}&limit=${SEARCH_LIMIT}`,
    { signal },
  );
  return data?.results ?? [];
}

/** The game's view of one building, or null when the server has none (404 'No property details returned'). */
export async function fetchPropertyDetails(
  buildingId: string,
  signal?: AbortSignal,
): Promise<Property | null> {
  try {
    const { data } = await apiRequest<{ propertyDetails: Property[] } | null>(
      api.checkPropertyDetails(buildingId),
      { auth: true, signal },
    );
    return data?.propertyDetails?.[0] ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The ids of the buildings the player watches, read once for the page (the card's star), then kept up to date by
 * `setWatched`. A failed read is tried again on the next call.
 */
let watched: Promise<Set<string>> | null = null;
export function fetchWatchedIds(): Promise<Set<string>> {
  watched ??= apiRequest<{ buildings: { buildingId: string }[] } | null>(api.watchlist, { auth: true }).then(
    ({ data }) => new Set((data?.buildings ?? []).map((b) => b.buildingId)),
    (error: unknown) => {
      watched = null;
      throw error;
    },
  );
  return watched;
}

/** Watches or unwatches a building (POST or DELETE users/watchlist). */
export async function setWatched(buildingId: string, watching: boolean): Promise<void> {
  if (watching) {
    await apiRequest(api.watchlist, { method: "POST", body: { buildingId }, auth: true });
  } else {
    await apiRequest(api.unwatch(buildingId), { method: "DELETE", auth: true });
  }
  const ids = await fetchWatchedIds().catch(() => new Set<string>());
  if (watching) ids.add(buildingId);
  else ids.delete(buildingId);
}

/** The held collections' buildings in their holders' colours (the map's collection mark); malformed entries dropped. */
export async function fetchHeldCollections(signal?: AbortSignal): Promise<HeldCollectionsMapData["held"]> {
  const { data } = await apiRequest<HeldCollectionsMapData | null>(api.heldCollectionsMap, { signal });
  if (!data || !Array.isArray(data.held)) return [];
  return data.held.filter((h) => typeof h.color === "string" && Array.isArray(h.mapIds));
}
