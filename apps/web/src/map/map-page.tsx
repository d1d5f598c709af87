import type { BuildingSearchResult } from "@mx/shared/schemas/properties";
import { useCallback, useRef, useState } from "react";
import { BuildingCard } from "./building-card";
import { cardPadding } from "./card-padding";
import { mapTexts } from "./copy";
import { FirstRunGuide } from "./first-run-guide";
import { Legend } from "./legend";
import type { MapController } from "./map-controller";
import { MapHeader } from "./map-header";
import { MapFailure, MapLoading } from "./map-overlays";
import type { PickedBuilding } from "./picked-building";
import { type PickedCard, useBuildingDetails } from "./use-building-details";
import { useCloseOnEscape } from "./use-close-on-escape";
import { useCollectionMarks } from "./use-collection-marks";
import { useMapController } from "./use-map-controller";
import { useNeighborhoodLabels } from "./use-neighborhood-labels";
import { useOwnershipOverlay } from "./use-ownership-overlay";
import { useRequestedBuilding } from "./use-requested-building";
import "./map.css";

/** /map: the map under its header, with the selected building's card, the legend and the first-run guide. */
export function MapPage() {
  const containerRef = useRef<HTMLDivElement>(null);
  const cardRef = useRef<HTMLElement>(null);
  const [card, setCard] = useState<PickedCard | null>(null);
  const [marksVersion, setMarksVersion] = useState(0);

  const pick = useCallback((building: PickedBuilding | null, ctl: MapController) => {
    ctl.select(building?.mapId ?? null, building ?? undefined);
    setCard((current) => {
      if (!building) return null;
      if (current && current.building.mapId === building.mapId) return current;
      return { building, details: undefined, failed: false };
    });
  }, []);

  const { phase, controller, retry } = useMapController(containerRef, cardRef, pick);
  useNeighborhoodLabels(controller);
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
  useBuildingDetails(selectedId, markKey, setCard);

  const close = useCallback(() => {
    const hadFocus = cardRef.current?.contains(document.activeElement) ?? false;
    controller?.select(null);
    setCard(null);
    if (hadFocus) containerRef.current?.querySelector<HTMLElement>("canvas")?.focus();
  }, [controller]);

  // Escape closes the card.
  useCloseOnEscape(card, close);

  const chooseResult = useCallback(
    (result: BuildingSearchResult) => {
      if (!controller) return;
      const building: PickedBuilding = { ...result, name: result.name };
      pick(building, controller);
      controller.flyTo(result, cardPadding(cardRef.current));
    },
    [controller, pick],
  );
  useRequestedBuilding(controller, phase.kind === "ready", chooseResult);

  const loading = phase.kind === "loading";

  return (
    <div className={card ? "mx-map mx-map--card-open" : "mx-map"}>
      <MapHeader onChoose={chooseResult} />
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
        {loading ? <MapLoading /> : null}
        {phase.kind === "error" ? <MapFailure detail={phase.detail} onRetry={retry} /> : null}
      </main>
    </div>
  );
}
