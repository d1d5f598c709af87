import { propertyDetailsUrl } from "@mx/shared/routes";
import type { Property } from "@mx/shared/schemas/properties";
import { type Ref, useEffect, useId, useState } from "react";
import { CardBadges, CardFactList, CardHeader, CardNotes } from "./building-card-parts";
import { mapTexts } from "./copy";
import type { PickedBuilding } from "./picked-building";
import { WatchButton } from "./watch-button";

export interface CardState {
  building: PickedBuilding;
  /** undefined while loading; null when the game has no details for it (a selected building's defaults apply). */
  details: Property | null | undefined;
  failed: boolean;
  /** What the ownership overlay says, shown until the details arrive. */
  forSaleMark: boolean;
  /** The owner's colour the map shows this building in (null while unowned). */
  ownerColorMark?: string | null;
  /** How far the map shows it developed (0–4), and whether scaffolding is up. */
  developmentMark?: { level: number; constructing: boolean };
}

/**
 * What the card shows and links with: the selected building with its defaults
 * (docs/decisions/0009-selected-building-and-review-screens.md).
 */
function cardFacts({ building, details }: CardState) {
  const name = details?.name || building.name || mapTexts.noName;
  const price = details?.price ?? 0;
  const lat = details?.location.lat ?? building.lat ?? 0;
  const lng = details?.location.lng ?? building.lng ?? 0;
  const address = details?.address ?? building.address;
  return {
    name,
    price,
    lat,
    lng,
    address: address && address !== name ? address : null,
    href: propertyDetailsUrl({ id: building.buildingId, name, price, lat, lng }),
  };
}

/** The selected building: a floating card on wide screens, a bottom sheet on phones. */
export function BuildingCard({
  state,
  onClose,
  ref,
}: {
  state: CardState;
  onClose: () => void;
  ref?: Ref<HTMLElement>;
}) {
  const titleId = useId();
  const { details, failed, building } = state;
  const facts = cardFacts(state);
  const loading = details === undefined && !failed;
  const forSale = details ? details.forSale : state.forSaleMark;
  const development = state.developmentMark ?? { level: 0, constructing: false };
  const [watchFailed, setWatchFailed] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another building's card starts without the last note.
  useEffect(() => setWatchFailed(null), [building.buildingId]);

  return (
    <section
      ref={ref}
      className="mx-card"
      aria-labelledby={titleId}
      data-selected-building={building.buildingId}
      data-owner-color={state.ownerColorMark ?? ""}
      data-development-level={development.level}
      data-constructing={development.constructing}
      aria-busy={loading}
    >
      <div className="mx-card__grabber" aria-hidden="true" />
      <CardHeader
        titleId={titleId}
        name={facts.name}
        address={facts.address}
        neighborhood={details?.neighborhood}
        onClose={onClose}
      />
      <CardBadges forSale={forSale} details={details} constructing={development.constructing} />
      <CardFactList
        details={details}
        failed={failed}
        loading={loading}
        ownerColor={state.ownerColorMark}
        level={development.level}
        price={facts.price}
        lat={facts.lat}
        lng={facts.lng}
      />
      <CardNotes failed={failed} watchFailed={watchFailed} />
      <div className="mx-card__actions">
        <a className="btn btn--primary mx-card__details" href={facts.href}>
          {mapTexts.propertyDetails}
        </a>
        <WatchButton buildingId={building.buildingId} name={facts.name} onFailure={setWatchFailed} />
      </div>
    </section>
  );
}
