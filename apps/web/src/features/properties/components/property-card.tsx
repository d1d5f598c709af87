import { texts } from "@mx/shared/messages";
import { formatDollars } from "@mx/shared/money";
import type { PricePoint, Property } from "@mx/shared/schemas/properties";
import { type ReactNode, useState } from "react";
import { ReportButton } from "../../../components/report/report-button";
import { Button } from "../../../components/ui/button";
import { StatusNote } from "../../../components/ui/error-box";
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
  return (
    <section className="property-card" aria-label={propertiesCopy.detailsTitle}>
      {property?.forSale ? <span className="property-badge">{propertiesCopy.forSale}</span> : null}
      {property?.status === "held" && property.heldUntil ? (
        <span className="property-badge property-badge--held">
          {propertiesCopy.heldUntil(formatDateTime(property.heldUntil * 1000))}
        </span>
      ) : null}
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
      {property && isOwnListing ? (
        <div className="property-listing" data-testid="own-listing">
          <p className="property-listing__state">{propertiesCopy.forSaleAt(formatDollars(property.price))}</p>
          <div className="property-listing__actions">
            <Button className="btn--inline" onClick={() => onAction("sellOrAsk")}>
              {propertiesCopy.changeAsk}
            </Button>
            {rest.cancelSale?.(setSaleNotice)}
          </div>
        </div>
      ) : action ? (
        <Button block className="btn--large property-card__action" onClick={() => onAction(action)}>
          {actionLabels[action]}
        </Button>
      ) : null}
    </section>
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
