import { paths } from "@mx/shared/routes";
import type { BuildingSearchResult } from "@mx/shared/schemas/properties";
import { useCallback, useEffect, useRef, useState } from "react";
import { ActivityBell } from "../components/activity-bell/activity-bell";
import { BrandMark } from "../components/ui/brand-mark";
import { Spinner } from "../components/ui/spinner";
import { ApiError } from "../lib/api-client";
import { fetchManifest, fetchNeighborhoods, fetchPropertyDetails } from "./api";
import { BuildingCard, type CardState } from "./building-card";
import { mapTexts } from "./copy";
import { FirstRunGuide } from "./first-run-guide";
import { Legend } from "./legend";
import type { MapController, Padding, PickedBuilding } from "./map-controller";
import { SearchBox } from "./search-box";
import { useCollectionMarks } from "./use-collection-marks";
import { useOwnershipOverlay } from "./use-ownership-overlay";
import "./map.css";
import { markFirstViewDrawn } from "../lib/service-worker";

type Phase = { kind: "loading" } | { kind: "ready" } | { kind: "error"; detail: string };

const PHONE = "(max-width: 549.98px)";

function failureDetail(error: unknown): string {
  // The server's own words when it gave some (a 503 says no map data has been imported yet).
  if (error instanceof ApiError && error.status > 0 && error.message && !/^HTTP \d+$/.test(error.message)) {
    return error.message;
  }
  if (error instanceof ApiError && error.code === "BAD_MANIFEST") return error.message;
  return mapTexts.checkConnection;
}

/** Room the card takes over the map, so a building flown to lands where it can be seen. */
function cardPadding(card: HTMLElement | null): Padding {
  const phone = window.matchMedia(PHONE).matches;
  const rect = card?.getBoundingClientRect();
  if (phone) return { top: 0, right: 0, left: 0, bottom: rect ? rect.height : window.innerHeight * 0.4 };
  return { top: 0, right: 0, bottom: 0, left: rect ? rect.right + 16 : 420 };
}

export function MapPage() {
  const containerRef = useRef<HTMLDivElement>(null);
  const cardRef = useRef<HTMLElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const [controller, setController] = useState<MapController | null>(null);
  const [card, setCard] = useState<Omit<CardState, "forSaleMark"> | null>(null);
  const [marksVersion, setMarksVersion] = useState(0);

  const pick = useCallback((building: PickedBuilding | null, ctl: MapController) => {
    ctl.select(building?.mapId ?? null, building ?? undefined);
    setCard((current) => {
      if (!building) return null;
      if (current && current.building.mapId === building.mapId) return current;
      return { building, details: undefined, failed: false };
    });
  }, []);

  // Load the manifest and MapLibre side by side, then draw the map.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the Retry trigger.
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

  // Neighbourhood labels with their top owners, refreshed every minute.
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

  useCollectionMarks(controller);
  useOwnershipOverlay(
    controller,
    useCallback(() => setMarksVersion((v) => v + 1), []),
  );

  // The game's details of the selected building; fetched again when its ownership mark changes.
  const selectedId = card?.building.buildingId ?? null;
  const selectedMapId = card?.building.mapId ?? null;
  const mark = selectedMapId === null ? undefined : controller?.markOf(selectedMapId);
  // `marksVersion` re-renders the page after each overlay, so this key follows the selected building's mark.
  const markKey = `${mark?.color ?? "-"}|${mark?.forSale ?? false}|${mark?.level ?? 0}|${mark?.constructing ?? false}|${marksVersion >= 0}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a changed mark means new details to fetch.
  useEffect(() => {
    if (!selectedId) return;
    const abort = new AbortController();
    fetchPropertyDetails(selectedId, abort.signal)
      .then((details) => {
        setCard((c) => (c && c.building.buildingId === selectedId ? { ...c, details, failed: false } : c));
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        console.warn("Could not load the building's details", error);
        setCard((c) => (c && c.building.buildingId === selectedId ? { ...c, failed: true } : c));
      });
    return () => abort.abort();
  }, [selectedId, markKey]);

  const close = useCallback(() => {
    const hadFocus = cardRef.current?.contains(document.activeElement) ?? false;
    controller?.select(null);
    setCard(null);
    if (hadFocus) containerRef.current?.querySelector<HTMLElement>("canvas")?.focus();
  }, [controller]);

  // Escape closes the card, unless something inside (the search list) used the key already.
  useEffect(() => {
    if (!card) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !e.defaultPrevented) close();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [card, close]);

  const chooseResult = useCallback(
    (result: BuildingSearchResult) => {
      if (!controller) return;
      const building: PickedBuilding = { ...result, name: result.name };
      pick(building, controller);
      controller.flyTo(result, cardPadding(cardRef.current));
    },
    [controller, pick],
  );

  // "Show on map" (/map?building=<id>): once the map is drawn, fly to that building and select it.
  const [requested, setRequested] = useState(() =>
    new URLSearchParams(window.location.search).get("building"),
  );
  useEffect(() => {
    if (!controller || phase.kind !== "ready" || !requested) return;
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
  }, [controller, phase.kind, requested, chooseResult]);

  const loading = phase.kind === "loading";

  return (
    <div className={card ? "mx-map mx-map--card-open" : "mx-map"}>
      <header className="mx-map__header">
        <span className="mx-map__brand">
          <BrandMark compact />
        </span>
        <SearchBox onChoose={chooseResult} />
        <nav className="mx-map__nav" aria-label={mapTexts.mainNav}>
          <a href={paths.market}>{mapTexts.market}</a>
          <a href={paths.profile}>{mapTexts.profile}</a>
          <a href={paths.leaderboard}>{mapTexts.leaderboard}</a>
        </nav>
        <ActivityBell />
      </header>
      <main className="mx-map__stage" aria-busy={loading}>
        <h1 className="visually-hidden">{mapTexts.pageHeading}</h1>
        {card ? (
          <BuildingCard
            ref={cardRef}
            state={{
              ...card,
              forSaleMark: mark?.forSale ?? false,
              ownerColorMark: mark?.color ?? null,
              developmentMark: { level: mark?.level ?? 0, constructing: mark?.constructing ?? false },
            }}
            onClose={close}
          />
        ) : null}
        <div ref={containerRef} className="mx-map__canvas" />
        <Legend />
        {phase.kind === "ready" ? <FirstRunGuide hidden={card !== null} /> : null}
        {loading ? (
          <div className="mx-map__overlay">
            <div className="mx-panel">
              <Spinner label={mapTexts.loadingMap} showLabel />
            </div>
          </div>
        ) : null}
        {phase.kind === "error" ? (
          <div className="mx-map__overlay mx-map__overlay--error">
            <div className="mx-panel mx-panel--error" role="alert">
              <h2 className="mx-panel__title">{mapTexts.mapFailed}</h2>
              <p className="mx-panel__text">{phase.detail}</p>
              <button type="button" className="btn btn--primary" onClick={() => setAttempt((n) => n + 1)}>
                {mapTexts.retry}
              </button>
            </div>
          </div>
        ) : null}
      </main>
    </div>
  );
}
