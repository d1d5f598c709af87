import { disputeTexts, texts } from "@mx/shared/messages";
import { formatDollars } from "@mx/shared/money";
import type { PricePoint, Property } from "@mx/shared/schemas/properties";
import { type ReactNode, useState } from "react";
import { ReportButton } from "../../../components/report/report-button";
import { Button } from "../../../components/ui/button";
import { StatusNote } from "../../../components/ui/error-box";
import { FrozenBadge } from "../../../components/ui/frozen-badge";
import { formatDateTime } from "../../../lib/format-date";
import { propertiesCopy } from "../copy";
import type { PropertyAction } from "../property-action";
import { PriceChange } from "./price-change";
import { PropertyFacts } from "./property-facts";

const actionLabels: Record<PropertyAction, string> = {
  createBid: texts.createBid,
  sellOrAsk: texts.sellOrAsk,
  buyOrBid: texts.buyOrBid,
};

interface PropertyCardProps {
  property: Property | undefined;
  /** What the map sent, shown until the server's details are read. */
  selection: { price: number; lat: number; lng: number };
  isOwner: boolean;
  isLoading: boolean;
  history: PricePoint[] | undefined;
  /** The player's action on the building, if any: Buy or Bid, Create Bid, Sell or Ask. */
  action: PropertyAction | null;
  onAction: (action: PropertyAction) => void;
  /** For the owner of a building for sale: Cancel Sale and its confirmation, told where to say what it did. */
  cancelSale: ((onNotice: (notice: string) => void) => ReactNode) | null;
}

/** Property Details' card: badges, the price and its change, the facts, reports, and the player's action. */
export function PropertyCard({ property, selection, isOwner, action, onAction, ...rest }: PropertyCardProps) {
  // What the owner's last decision on the sale here did, said where it was taken.
  const [saleNotice, setSaleNotice] = useState<string | null>(null);
  // The owner's listing shows as what it is: for sale at the ask, with Change ask and Cancel Sale.
  const isOwnListing = isOwner && property?.forSale === true;
  // Frozen while a payment for it is disputed: no listing, sale, development or rename until it is decided.
  const isFrozen = property?.frozen === true;
  const frozenId = "property-frozen";
  return (
    <section className="property-card" aria-label={propertiesCopy.detailsTitle} data-frozen={isFrozen}>
      <CardBadges property={property} />
      <PriceBlock property={property} price={property?.price ?? selection.price} history={rest.history} />

      <PropertyFacts
        property={property}
        isOwner={isOwner}
        isLoading={rest.isLoading}
        lat={property?.location.lat ?? selection.lat}
        lng={property?.location.lng ?? selection.lng}
      />

      {property?.ownerId && !isOwner ? (
        <div className="property-card__reports">
          <ReportButton
            targetType="building"
            targetId={property.buildingId}
            targetName={property.name}
            label="Report this name"
          />
          <ReportButton
            targetType="player"
            targetId={property.ownerId}
            targetName={property.ownerName ?? "the owner"}
            label="Report the owner"
          />
        </div>
      ) : null}

      <StatusNote>{saleNotice}</StatusNote>
      {property && isFrozen && isOwner ? (
        <FrozenNotice id={frozenId} reason={property.frozenReason ?? disputeTexts.frozenReason} />
      ) : null}
      {property && isOwnListing ? (
        <div className="property-listing" data-testid="own-listing">
          <p className="property-listing__state">{propertiesCopy.forSaleAt(formatDollars(property.price))}</p>
          <div className="property-listing__actions">
            <Button
              className="btn--inline"
              onClick={() => onAction("sellOrAsk")}
              disabled={isFrozen}
              aria-describedby={isFrozen ? frozenId : undefined}
            >
              {propertiesCopy.changeAsk}
            </Button>
            {rest.cancelSale?.(setSaleNotice)}
          </div>
        </div>
      ) : action ? (
        <>
          <Button
            block
            className="btn--large property-card__action"
            onClick={() => onAction(action)}
            disabled={isFrozen}
            aria-describedby={isFrozen ? frozenId : undefined}
          >
            {actionLabels[action]}
          </Button>
          {isFrozen && !isOwner ? (
            <p id={frozenId} className="property-frozen__short">
              {disputeTexts.buildingFrozen}
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/** For sale, frozen (while a payment for it is disputed), held for a buyer's waiting payment. */
function CardBadges({ property }: { property: Property | undefined }) {
  return (
    <>
      {property?.forSale ? <span className="property-badge">{propertiesCopy.forSale}</span> : null}
      {property?.frozen ? <FrozenBadge /> : null}
      {property?.status === "held" && property.heldUntil ? (
        <span className="property-badge property-badge--held">
          {propertiesCopy.heldUntil(formatDateTime(property.heldUntil * 1000))}
        </span>
      ) : null}
    </>
  );
}

/** The owner's notice on a frozen building: why, and what waits for the dispute's decision. */
function FrozenNotice({ id, reason }: { id: string; reason: string }) {
  return (
    <div className="property-frozen" role="note" data-testid="frozen-notice">
      <p className="property-frozen__title">{disputeTexts.frozenTitle}</p>
      <p id={id} className="property-frozen__reason">
        {reason}
      </p>
    </div>
  );
}

/** The price (or the ask, with the building's own value beside it) and how it moved. */
function PriceBlock({
  property,
  price,
  history,
}: {
  property: Property | undefined;
  price: number;
  history: PricePoint[] | undefined;
}) {
  return (
    <div className="property-card__price-block">
      <p className="property-card__label">
        {property?.forSale ? propertiesCopy.askingPrice : propertiesCopy.price}
      </p>
      <p className="property-card__price">{formatDollars(price)}</p>
      {/* An ask is shown as an ask: the building's own value beside it, which the ask never moves. */}
      {property?.forSale ? (
        <p className="property-card__value">
          {propertiesCopy.value}: {formatDollars(property.value)}
        </p>
      ) : null}
      {/* Only against the server's price: the address bar's may be stale or missing (0). */}
      {property ? (
        <PriceChange
          history={history}
          listing={property.forSale ? { ask: property.price, value: property.value } : null}
        />
      ) : null}
    </div>
  );
}
