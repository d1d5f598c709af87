import { useEffect } from "react";
import { live } from "../lib/live";
import { fetchHeldCollections } from "./api";
import type { MapController } from "./map-controller";

/** How often the held collections are asked for besides the live changes that may move them. */
const COLLECTIONS_POLL_MS = 60_000;

/**
 * Keeps the map's collection mark current: fetched once, again after every sale, bulk change or recolouring the
 * live channel reports (a sale may complete or break a collection), and every minute.
 */
export function useCollectionMarks(controller: MapController | null): void {
  useEffect(() => {
    if (!controller) return;
    let abort: AbortController | null = null;
    const load = () => {
      abort?.abort();
      const mine = new AbortController();
      abort = mine;
      fetchHeldCollections(mine.signal).then(
        (held) => {
          if (!mine.signal.aborted) controller.setCollectionMarks(held);
        },
        (error: unknown) => {
          if (!mine.signal.aborted) console.warn("Could not load the held collections", error);
        },
      );
    };
    load();
    const timer = window.setInterval(load, COLLECTIONS_POLL_MS);
    const stopLive = live.subscribe({
      onEvent: (event) => {
        if (
          event.type === "building.sold" ||
          event.type === "map.changed" ||
          event.type === "player.recoloured"
        )
          load();
      },
    });
    return () => {
      window.clearInterval(timer);
      stopLive();
      abort?.abort();
    };
  }, [controller]);
}
