import { USERNAME_PATTERN } from "@mx/shared/constants";
import { formatDollars } from "@mx/shared/money";
import { paths, propertyDetailsUrl } from "@mx/shared/routes";
import type { Property } from "@mx/shared/schemas/properties";
import { type Ref, useEffect, useId, useState } from "react";
import { formatDateTime } from "../lib/format-date";
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
  const ownerName = details?.ownerName ?? null;
  // The owner's name links to their public profile (a full navigation: this page has no router).
  const owner =
    details === undefined ? null : ownerName && USERNAME_PATTERN.test(ownerName) ? (
      <a className="mx-card__owner-link" href={paths.player(ownerName)}>
        {ownerName}
      </a>
    ) : (
      (ownerName ?? mapTexts.unowned)
    );
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
      <header className="mx-card__header">
        <div className="mx-card__titles">
          <p className="mx-card__eyebrow">{mapTexts.selectedBuilding}</p>
          <h2 id={titleId} className="mx-card__title">
            {facts.name}
          </h2>
          {facts.address ? <p className="mx-card__address">{facts.address}</p> : null}
          {details?.neighborhood ? (
            <p className="mx-card__address" data-neighborhood>
              {details.neighborhood}
            </p>
          ) : null}
        </div>
        <button type="button" className="mx-card__close" aria-label={mapTexts.close} onClick={onClose}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
      </header>
      {forSale ? <p className="mx-badge mx-badge--sale">{mapTexts.forSale}</p> : null}
      {details?.status === "held" && details.heldUntil ? (
        <p className="mx-badge mx-badge--held">
          {mapTexts.heldUntil(formatDateTime(details.heldUntil * 1000))}
        </p>
      ) : null}
      {development.constructing ? (
        <p className="mx-badge mx-badge--works">{mapTexts.underConstruction}</p>
      ) : null}
      <dl className="mx-card__facts">
        <div className="mx-card__fact">
          <dt>{mapTexts.price}</dt>
          <dd className="mx-card__price">{loading ? mapTexts.loading : formatDollars(facts.price)}</dd>
        </div>
        <div className="mx-card__fact">
          <dt>{mapTexts.owner}</dt>
          <dd className="mx-card__owner">
            {state.ownerColorMark ? (
              <span
                className="mx-card__swatch"
                style={{ background: state.ownerColorMark }}
                aria-hidden="true"
              />
            ) : null}
            {loading ? mapTexts.loading : failed && details === undefined ? "—" : owner}
          </dd>
        </div>
        {development.level > 0 ? (
          <div className="mx-card__fact">
            <dt>{mapTexts.developed}</dt>
            <dd>{mapTexts.developmentLevel(development.level)}</dd>
          </div>
        ) : null}
        <div className="mx-card__fact mx-card__fact--wide">
          <dt>{mapTexts.location}</dt>
          <dd className="mx-card__coords">
            {facts.lat.toFixed(5)}, {facts.lng.toFixed(5)}
          </dd>
        </div>
      </dl>
      {failed ? (
        <p className="mx-card__note" role="status">
          {mapTexts.detailsFailed}
        </p>
      ) : null}
      {watchFailed ? (
        <p className="mx-card__note" role="alert">
          {watchFailed}
        </p>
      ) : null}
      <div className="mx-card__actions">
        <a className="btn btn--primary mx-card__details" href={facts.href}>
          {mapTexts.propertyDetails}
        </a>
        <WatchButton buildingId={building.buildingId} name={facts.name} onFailure={setWatchFailed} />
      </div>
    </section>
  );
}
