import { PAGE_SIZE } from "@mx/shared/constants";
import { errors, formats, texts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import type { Bid } from "@mx/shared/schemas/bids";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { StatusNote } from "../../../components/ui/error-box";
import { MapIcon } from "../../../components/ui/icons";
import { LoadError } from "../../../components/ui/load-error";
import { BackLink, PageHeader } from "../../../components/ui/page-header";
import { Pager, pageCount } from "../../../components/ui/pager";
import { PageSpinner } from "../../../components/ui/spinner";
import { showAlert } from "../../../lib/alerts";
import { errorMessage } from "../../../lib/api-client";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useIdempotentRetry } from "../../../lib/use-idempotent-retry";
import { useAcceptBid } from "../api/accept-bid";
import { useCancelBid } from "../api/cancel-bid";
import { useBids } from "../api/get-bids";
import { useRejectBid } from "../api/reject-bid";
import { BID_TABS, type BidTab, bidderName, listTypeOf, readPage, readTab, tabLabel } from "../bid-list";
import { AcceptBidDialog } from "../components/accept-bid-dialog";
import { BidRow, type RowAction } from "../components/bid-row";
import { type BidDecision, DecideBidDialog } from "../components/decide-bid-dialog";
import { bidsCopy } from "../copy";
import "../bids.css";
import { Tabs } from "../../../components/ui/tabs";
import { useLinkedItem } from "../../../lib/use-linked-item";

/** /bids: Sell (bids on the viewer's buildings) and Buy (the viewer's own bids), 50 a page. */
export function MyBidsRoute() {
  useDocumentTitle(bidsCopy.myBidsTitle);
  const [params, setParams] = useSearchParams();
  const tab = readTab(params);
  const page = readPage(params);
  const type = listTypeOf(tab);
  const list = useBids(type, page);
  useLinkedItem("data-bid-id", params.get("bid"), Boolean(list.data));
  const totalPages = list.data ? pageCount(list.data.totalCount, PAGE_SIZE.myBids) : 1;

  const accept = useAcceptBid();
  const reject = useRejectBid();
  const cancel = useCancelBid();
  const [working, setWorking] = useState<{ bidId: string; action: Exclude<RowAction, null> } | null>(null);
  const [toAccept, setToAccept] = useState<Bid | null>(null);
  const [toDecide, setToDecide] = useState<{ bid: Bid; decision: BidDecision } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Guards a double click before React has re-rendered the busy buttons.
  const isWorking = useRef(false);
  // An acceptance that got no clear answer (network, 5xx): accepting the same bid again reuses its key.
  const acceptRetry = useIdempotentRetry();

  // A page past the end (an old link, or bids gone since) shows the last page instead.
  const isPastEnd = list.data !== undefined && !list.isPlaceholderData && page > totalPages;
  useEffect(() => {
    if (isPastEnd) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (totalPages > 1) next.set("page", String(totalPages));
          else next.delete("page");
          return next;
        },
        { replace: true },
      );
    }
  }, [isPastEnd, totalPages, setParams]);

  const selectTab = (next: BidTab) => {
    if (next === tab) return;
    setNotice(null);
    setParams(next === "buy" ? { tab: "buy" } : {}, { replace: true });
  };

  const goToPage = (next: number) => {
    setParams((current) => {
      const query = new URLSearchParams(current);
      if (next > 1) query.set("page", String(next));
      else query.delete("page");
      return query;
    });
    window.scrollTo({ top: 0 });
  };

  /** Runs one decision at a time; the alert ('Accept failed: …') names what failed. */
  const run = (
    bid: Bid,
    action: Exclude<RowAction, null>,
    mutate: (onDone: { onSuccess: () => void; onError: (cause: unknown) => void }) => void,
    success: string,
    failure: (cause: unknown) => string,
  ) => {
    if (isWorking.current) return;
    isWorking.current = true;
    setNotice(null);
    setWorking({ bidId: bid.bidId, action });
    mutate({
      onSuccess: () => {
        isWorking.current = false;
        setWorking(null);
        setToAccept(null);
        setToDecide(null);
        setNotice(success);
      },
      onError: (cause) => {
        isWorking.current = false;
        setWorking(null);
        setToAccept(null);
        setToDecide(null);
        void showAlert(failure(cause));
      },
    });
  };

  const confirmAccept = () => {
    const bid = toAccept;
    if (!bid) return;
    const idempotencyKey = acceptRetry.keyFor(bid.bidId);
    run(
      bid,
      "accept",
      (done) =>
        accept.mutate(
          { bidId: bid.bidId, idempotencyKey },
          {
            onSuccess: () => {
              acceptRetry.succeeded();
              done.onSuccess();
            },
            onError: (cause) => {
              acceptRetry.failed(idempotencyKey, bid.bidId, cause);
              done.onError(cause);
            },
          },
        ),
      bidsCopy.accepted(bid.propertyDetails.name, bidderName(bid)),
      (cause) => formats.acceptFailed(errorMessage(cause, errors.acceptBidFailed)),
    );
  };

  const decline = (bid: Bid) =>
    run(
      bid,
      "decline",
      (done) => reject.mutate(bid.bidId, done),
      bidsCopy.declined(bidderName(bid)),
      (cause) => formats.rejectFailed(errorMessage(cause, errors.rejectBidFailed)),
    );

  const cancelBid = (bid: Bid) =>
    run(
      bid,
      "cancel",
      (done) => cancel.mutate(bid.bidId, done),
      bidsCopy.cancelled(bid.propertyDetails.name),
      (cause) => formats.cancelFailed(errorMessage(cause, errors.cancelBidFailed)),
    );

  const bids = list.data?.bidList ?? [];

  return (
    <div className="my-bids">
      <PageHeader
        title={bidsCopy.myBidsTitle}
        titleClassName="my-bids__title"
        lead={<BackLink to={paths.profile} label={bidsCopy.backToProfile} />}
      >
        <a className="icon-button" href={paths.map} aria-label={bidsCopy.map}>
          <MapIcon size={22} />
        </a>
      </PageHeader>

      <Tabs
        idPrefix="bids"
        tabs={BID_TABS}
        labelOf={tabLabel}
        label={bidsCopy.tabsLabel}
        selected={tab}
        onSelect={selectTab}
        panelClassName="bids-panel"
      >
        <p className="bids-intro">{tab === "sell" ? bidsCopy.sellTabHint : bidsCopy.buyTabHint}</p>
        {list.isPending ? <PageSpinner /> : null}
        <LoadError onRetry={() => void list.refetch()} isRetrying={list.isFetching}>
          {list.isError ? formats.listError(errorMessage(list.error, errors.fetchBidsFailed)) : null}
        </LoadError>
        <StatusNote>{notice}</StatusNote>

        {list.data && bids.length === 0 ? <p className="bids-empty">{texts.noBids}</p> : null}

        {bids.length > 0 && list.data ? (
          <>
            <p className="bids-count">{bidsCopy.bidCount(list.data.totalCount)}</p>
            <ul className="bid-list" aria-busy={list.isPlaceholderData || undefined}>
              {bids.map((bid) => (
                <li key={bid.bidId}>
                  <BidRow
                    bid={bid}
                    type={type}
                    working={working?.bidId === bid.bidId ? working.action : null}
                    isLocked={working !== null && working.bidId !== bid.bidId}
                    onAccept={(chosen) => {
                      accept.reset();
                      setToAccept(chosen);
                    }}
                    onDecline={(chosen) => setToDecide({ bid: chosen, decision: "decline" })}
                    onCancel={(chosen) => setToDecide({ bid: chosen, decision: "cancel" })}
                  />
                </li>
              ))}
            </ul>
            <Pager
              page={page}
              totalPages={totalPages}
              onPageChange={goToPage}
              label={bidsCopy.pagesLabel(tabLabel(tab))}
              isBusy={list.isPlaceholderData}
            />
          </>
        ) : null}
      </Tabs>

      {toAccept ? (
        <AcceptBidDialog
          bid={toAccept}
          isAccepting={working?.action === "accept"}
          onCancel={() => setToAccept(null)}
          onConfirm={confirmAccept}
        />
      ) : null}
      {toDecide ? (
        <DecideBidDialog
          bid={toDecide.bid}
          decision={toDecide.decision}
          isWorking={working?.bidId === toDecide.bid.bidId}
          onKeep={() => setToDecide(null)}
          onConfirm={() =>
            toDecide.decision === "decline" ? decline(toDecide.bid) : cancelBid(toDecide.bid)
          }
        />
      ) : null}
    </div>
  );
}
