import { USERNAME_PATTERN } from "@mx/shared/constants";
import { formatDollars } from "@mx/shared/money";
import { paths } from "@mx/shared/routes";
import type { Property } from "@mx/shared/schemas/properties";
import type { ReactNode } from "react";
import { formatDateTime } from "../lib/format-date";
import { mapTexts } from "./copy";

/** The card's top: which building (name, address, neighbourhood) and the close button. */
export function CardHeader({
  titleId,
  name,
  address,
  neighborhood,
  onClose,
}: {
  titleId: string;
  name: string;
  address: string | null;
  neighborhood: string | null | undefined;
  onClose: () => void;
}) {
  return (
    <header className="mx-card__header">
      <div className="mx-card__titles">
        <p className="mx-card__eyebrow">{mapTexts.selectedBuilding}</p>
        <h2 id={titleId} className="mx-card__title">
          {name}
        </h2>
        {address ? <p className="mx-card__address">{address}</p> : null}
        {neighborhood ? (
          <p className="mx-card__address" data-neighborhood>
            {neighborhood}
          </p>
        ) : null}
      </div>
      <button type="button" className="mx-card__close" aria-label={mapTexts.close} onClick={onClose}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
    </header>
  );
}

/** The badges under the header: for sale, held until when, under construction. */
export function CardBadges({
  forSale,
  details,
  constructing,
}: {
  forSale: boolean;
  details: Property | null | undefined;
  constructing: boolean;
}) {
  return (
    <>
      {forSale ? <p className="mx-badge mx-badge--sale">{mapTexts.forSale}</p> : null}
      {details?.status === "held" && details.heldUntil ? (
        <p className="mx-badge mx-badge--held">
          {mapTexts.heldUntil(formatDateTime(details.heldUntil * 1000))}
        </p>
      ) : null}
      {constructing ? <p className="mx-badge mx-badge--works">{mapTexts.underConstruction}</p> : null}
    </>
  );
}

/** The owner as the card names them: a link to their public profile (a full navigation: this page has no router). */
function ownerOf(details: Property | null | undefined): ReactNode {
  const ownerName = details?.ownerName ?? null;
  return details === undefined ? null : ownerName && USERNAME_PATTERN.test(ownerName) ? (
    <a className="mx-card__owner-link" href={paths.player(ownerName)}>
      {ownerName}
    </a>
  ) : (
    (ownerName ?? mapTexts.unowned)
  );
}

/** The card's facts: price, owner (with their map colour), development level and location. */
export function CardFactList({
  details,
  failed,
  loading,
  ownerColor,
  level,
  price,
  lat,
  lng,
}: {
  details: Property | null | undefined;
  failed: boolean;
  loading: boolean;
  ownerColor: string | null | undefined;
  level: number;
  price: number;
  lat: number;
  lng: number;
}) {
  return (
    <dl className="mx-card__facts">
      <div className="mx-card__fact">
        <dt>{mapTexts.price}</dt>
        <dd className="mx-card__price">{loading ? mapTexts.loading : formatDollars(price)}</dd>
      </div>
      <div className="mx-card__fact">
        <dt>{mapTexts.owner}</dt>
        <dd className="mx-card__owner">
          {ownerColor ? (
            <span className="mx-card__swatch" style={{ background: ownerColor }} aria-hidden="true" />
          ) : null}
          {loading ? mapTexts.loading : failed && details === undefined ? "—" : ownerOf(details)}
        </dd>
      </div>
      {level > 0 ? (
        <div className="mx-card__fact">
          <dt>{mapTexts.developed}</dt>
          <dd>{mapTexts.developmentLevel(level)}</dd>
        </div>
      ) : null}
      <div className="mx-card__fact mx-card__fact--wide">
        <dt>{mapTexts.location}</dt>
        <dd className="mx-card__coords">
          {lat.toFixed(5)}, {lng.toFixed(5)}
        </dd>
      </div>
    </dl>
  );
}

/** The card's notes: the details could not be read, or watching the building failed. */
export function CardNotes({ failed, watchFailed }: { failed: boolean; watchFailed: string | null }) {
  return (
    <>
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
    </>
  );
}
