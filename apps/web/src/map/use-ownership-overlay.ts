import type { PublicEvent } from "@mx/shared/schemas/live";
import { useEffect, useRef } from "react";
import { type LiveStatus, live } from "../lib/live";
import { fetchMapState } from "./api";
import type { MapController } from "./map-controller";
import { decodeMapState, markOfDevelopmentEvent, markOfEvent } from "./ownership";

/** How often the ownership overlay is asked for while the live channel is down and the tab is visible. */
const STATE_POLL_MS = 15_000;

/**
 * Applies one live event to the map: a building's own change (a sale, an ask, a cancelled sale, a rename, a
 * construction started or finished) at once, then `changed`; a colour change or a bulk change by `refetch`.
 */
function applyLiveEvent(
  event: PublicEvent,
  controller: MapController,
  changed: () => void,
  refetch: () => void,
): void {
  switch (event.type) {
    case "building.sold":
    case "building.listed":
    case "building.unlisted":
    case "building.renamed":
      controller.updateMark(event.mapId, markOfEvent(event, controller.markOf(event.mapId)));
      changed();
      return;
    case "building.developing":
    case "building.developed":
      controller.updateMark(event.mapId, markOfDevelopmentEvent(event, controller.markOf(event.mapId)));
      changed();
      return;
    case "player.recoloured":
    case "map.changed":
      refetch();
      return;
  }
}

/**
 * Keeps the map's owner colours and for-sale marks current. The overlay is fetched once, then follows the live
 * channel: a sale, an ask, a cancelled sale, a rename, or a construction started or finished is applied to that
 * building at once; a colour change, a
 * bulk change or a reconnect refetches the overlay (ETag, 304 when nothing changed). While the channel is down
 * the overlay is polled every STATE_POLL_MS, and again as soon as the page becomes visible. Geometry is never
 * reloaded; only feature-state changes. `onChange` runs after each change.
 */
export function useOwnershipOverlay(controller: MapController | null, onChange: () => void): void {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(
    () => (controller ? followOwnership(controller, () => onChangeRef.current()) : undefined),
    [controller],
  );
}

/** The overlay's fetches, polls and live updates for one map, as `useOwnershipOverlay` describes; answers the stop. */
function followOwnership(controller: MapController, onChange: () => void): () => void {
  let etag: string | null = null;
  let timer: number | undefined;
  let inFlight: AbortController | null = null;
  let again = false;
  let stopped = false;
  let status: LiveStatus = live.currentStatus;

  const schedule = () => {
    window.clearTimeout(timer);
    if (stopped || status === "open" || document.visibilityState !== "visible") return;
    timer = window.setTimeout(poll, STATE_POLL_MS);
  };

  async function poll() {
    if (stopped) return;
    if (inFlight) {
      // A change announced while a fetch is under way may have missed it: fetch once more after.
      again = true;
      return;
    }
    inFlight = new AbortController();
    try {
      const result = await fetchMapState(etag, inFlight.signal);
      if (result.changed && !stopped) {
        etag = result.etag;
        controller?.setMarks(decodeMapState(result.state));
        onChange();
      }
    } catch (error) {
      // A missed overlay is not worth an error screen; the next poll or event tries again.
      if (!stopped) console.warn("Could not refresh building ownership", error);
    } finally {
      inFlight = null;
      if (again && !stopped) {
        again = false;
        void poll();
      } else schedule();
    }
  }

  const stopLive = live.subscribe({
    onEvent: (event) =>
      applyLiveEvent(
        event,
        controller,
        () => {
          // An overlay being fetched right now may predate this change; it is fetched again after.
          if (inFlight) again = true;
          onChange();
        },
        () => void poll(),
      ),
    onResync: () => void poll(),
    onStatus: (next) => {
      status = next;
      schedule();
    },
  });

  const onVisibility = () => {
    if (document.visibilityState === "visible") {
      if (status !== "open") void poll();
    } else window.clearTimeout(timer);
  };

  void poll();
  document.addEventListener("visibilitychange", onVisibility);
  return () => {
    stopped = true;
    window.clearTimeout(timer);
    inFlight?.abort();
    stopLive();
    document.removeEventListener("visibilitychange", onVisibility);
  };
}
