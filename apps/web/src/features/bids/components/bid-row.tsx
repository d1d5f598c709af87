import { formatDollars } from "@mx/shared/money";
import { propertyDetailsUrl } from "@mx/shared/routes";
import type { Bid } from "@mx/shared/schemas/bids";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { TrashIcon } from "../../../components/ui/icons";
import {
  type BidListType,
  bidderName,
  canCancel,
  canDecide,
  formatBidDate,
  statusLabel,
  statusNote,
} from "../bid-list";
import { bidsCopy } from "../copy";

/** What is in flight for this bid, if anything. */
export type RowAction = "accept" | "decline" | "cancel" | null;

interface BidRowProps {
  bid: Bid;
  type: BidListType;
  /** This bid's request in flight. */
  working: RowAction;
  /** Another bid's request is in flight: one decision at a time. */
  isLocked: boolean;
  onAccept: (bid: Bid) => void;
  onDecline: (bid: Bid) => void;
  onCancel: (bid: Bid) => void;
}

/** The bid's facts: the bidder (Sell), status, how it was paid, when placed, and when it expires or was decided. */
function BidFacts({ bid, type, isPending }: { bid: Bid; type: BidListType; isPending: boolean }) {
  return (
    <dl className="bid-row__facts">
      {type === "owner" ? (
        <div className="bid-row__fact">
          <dt className="bid-row__label">{bidsCopy.from}</dt>
          <dd className="bid-row__value">{bidderName(bid)}</dd>
        </div>
      ) : null}
      <div className="bid-row__fact">
        <dt className="bid-row__label">{bidsCopy.status}</dt>
        <dd className="bid-row__value">
          <span className={`bid-status bid-status--${bid.status}`}>{statusLabel(bid.status)}</span>
        </dd>
      </div>
      {bid.paidWith === "paypal" ? (
        <div className="bid-row__fact">
          <dt className="bid-row__label">{bidsCopy.paidWith}</dt>
          <dd className="bid-row__value">PayPal</dd>
        </div>
      ) : null}
      <div className="bid-row__fact">
        <dt className="bid-row__label">{bidsCopy.placed}</dt>
        <dd className="bid-row__value">
          <time dateTime={bid.createdAt}>{formatBidDate(bid.createdAt)}</time>
        </dd>
      </div>
      {isPending ? (
        <div className="bid-row__fact">
          <dt className="bid-row__label">{bidsCopy.expires}</dt>
          <dd className="bid-row__value">
            <time dateTime={bid.expiresAt}>{formatBidDate(bid.expiresAt)}</time>
          </dd>
        </div>
      ) : bid.decidedAt ? (
        <div className="bid-row__fact">
          <dt className="bid-row__label">{bidsCopy.decided}</dt>
          <dd className="bid-row__value">
            <time dateTime={bid.decidedAt}>{formatBidDate(bid.decidedAt)}</time>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** One bid: the building (a link to its details), the amount, the bidder (Sell), status, date and controls. */
export function BidRow({ bid, type, working, isLocked, onAccept, onDecline, onCancel }: BidRowProps) {
  const { propertyDetails: building } = bid;
  const to = propertyDetailsUrl({
    id: building.buildingId,
    name: building.name,
    price: building.price,
    lat: building.location.lat,
    lng: building.location.lng,
  });
  const isPending = bid.status === "pending";
  const isDisabled = working !== null || isLocked;
  const headingId = `bid-${bid.bidId}-name`;

  return (
    <article className="bid-row" aria-labelledby={headingId} data-bid-id={bid.bidId} data-status={bid.status}>
      <div className="bid-row__top">
        <h2 id={headingId} className="bid-row__name">
          <Link to={to}>{building.name}</Link>
        </h2>
        <p className="bid-row__amount">
          <span className="visually-hidden">{bidsCopy.amount} </span>
          {formatDollars(bid.bidAmount)}
        </p>
      </div>

      <BidFacts bid={bid} type={type} isPending={isPending} />
      <p className="bid-row__note">{statusNote(bid, type)}</p>

      {canDecide(bid, type) ? (
        <div className="bid-row__actions">
          <Button
            variant="secondary"
            className="btn--inline"
            disabled={isDisabled}
            busy={working === "decline"}
            onClick={() => onDecline(bid)}
            aria-describedby={headingId}
          >
            {working === "decline" ? bidsCopy.declining : bidsCopy.decline}
          </Button>
          <Button
            className="btn--inline"
            disabled={isDisabled}
            busy={working === "accept"}
            onClick={() => onAccept(bid)}
            aria-describedby={headingId}
          >
            {working === "accept" ? bidsCopy.accepting : bidsCopy.accept}
          </Button>
        </div>
      ) : null}

      {canCancel(bid, type) ? (
        <button
          type="button"
          className="icon-button bid-row__delete"
          aria-label={bidsCopy.cancelBid(building.name)}
          title={bidsCopy.cancelBid(building.name)}
          disabled={isDisabled}
          aria-busy={working === "cancel" || undefined}
          onClick={() => onCancel(bid)}
        >
          {working === "cancel" ? (
            <span className="btn__spinner" aria-hidden="true" />
          ) : (
            <TrashIcon size={20} />
          )}
        </button>
      ) : null}
    </article>
  );
}
