import { marketTexts } from "@mx/shared/messages";
import { formatDollars } from "@mx/shared/money";
import type { Bid } from "@mx/shared/schemas/bids";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "../../../components/ui/button";
import { LoadError } from "../../../components/ui/load-error";
import { Spinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { useBuildingBids } from "../api/get-bids";
import { bidderName, formatBidDate } from "../bid-list";
import { bidsCopy } from "../copy";
import { useBidDecisions } from "../use-bid-decisions";
import "./building-bids.css";

/**
 * The pending bids on one of the viewer's buildings, each with Accept and Decline: what My Bids' Sell tab offers
 * for this building, asked and sent the same way. `onNotice` hears what a decision did ('Bid accepted. …'): an
 * accepted bid takes the building away, and this list with it.
 */
export function BuildingBids({
  buildingId,
  onNotice,
  acceptBlocked = null,
}: {
  buildingId: string;
  onNotice: (notice: string) => void;
  /** Why no bid can be accepted now (the building is frozen): Accept is disabled, and this said. */
  acceptBlocked?: string | null;
}) {
  const queryClient = useQueryClient();
  const bids = useBuildingBids(buildingId, true);
  const decisions = useBidDecisions({
    onDecided: (_bid, _action, notice) => {
      onNotice(notice);
      // The market beside it counts and lists the bids too.
      void queryClient.invalidateQueries({ queryKey: queryKeys.market.building(buildingId) });
    },
  });
  const { working } = decisions;
  const pending = (bids.data?.bidList ?? []).filter((bid) => bid.status === "pending");
  const blockedId = `building-bids-blocked-${buildingId}`;

  return (
    <div className="building-bids" data-testid="building-bids">
      {bids.isPending ? <Spinner label={bidsCopy.loadingBids} /> : null}
      <LoadError onRetry={() => void bids.refetch()} isRetrying={bids.isFetching}>
        {bids.isError ? errorMessage(bids.error, bidsCopy.loadBidsFailed) : null}
      </LoadError>
      {bids.data && pending.length === 0 ? (
        <p className="market-panel__empty">{marketTexts.panelNoBids}</p>
      ) : null}
      {pending.length > 0 && acceptBlocked ? (
        <p id={blockedId} className="market-panel__empty">
          {acceptBlocked}
        </p>
      ) : null}
      {pending.length > 0 ? (
        <ol className="building-bids__list">
          {pending.map((bid) => {
            const textId = `building-bid-${bid.bidId}`;
            const isDisabled = working !== null;
            return (
              <li key={bid.bidId} className="building-bid" data-bid-id={bid.bidId}>
                <BidText id={textId} bid={bid} />
                <div className="building-bid__actions">
                  <Button
                    variant="secondary"
                    className="btn--inline"
                    disabled={isDisabled}
                    busy={working?.bidId === bid.bidId && working.action === "decline"}
                    onClick={() => decisions.askDecline(bid)}
                    aria-describedby={textId}
                  >
                    {working?.bidId === bid.bidId && working.action === "decline"
                      ? bidsCopy.declining
                      : bidsCopy.decline}
                  </Button>
                  <Button
                    className="btn--inline"
                    disabled={isDisabled || acceptBlocked !== null}
                    busy={working?.bidId === bid.bidId && working.action === "accept"}
                    onClick={() => decisions.askAccept(bid)}
                    aria-describedby={acceptBlocked ? blockedId : textId}
                  >
                    {working?.bidId === bid.bidId && working.action === "accept"
                      ? bidsCopy.accepting
                      : bidsCopy.accept}
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      {decisions.dialogs}
    </div>
  );
}

/** A pending bid as the owner reads it: the amount, the bidder, when it was placed and when it expires. */
function BidText({ id, bid }: { id: string; bid: Bid }) {
  return (
    <p id={id} className="building-bid__text">
      <strong className="building-bid__amount">{formatDollars(bid.bidAmount)}</strong>{" "}
      <span className="building-bid__from">{bidsCopy.fromBidder(bidderName(bid))}</span>
      <span className="building-bid__dates">
        {bidsCopy.placed} <time dateTime={bid.createdAt}>{formatBidDate(bid.createdAt)}</time> ·{" "}
        {bidsCopy.expires} <time dateTime={bid.expiresAt}>{formatBidDate(bid.expiresAt)}</time>
      </span>
    </p>
  );
}
