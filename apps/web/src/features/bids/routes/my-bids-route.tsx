import { PAGE_SIZE } from "@mx/shared/constants";
import { errors, formats, texts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import type { Bid } from "@mx/shared/schemas/bids";
import { useEffect } from "react";
import { type SetURLSearchParams, useSearchParams } from "react-router";
import { StatusNote } from "../../../components/ui/error-box";
import { MapIcon } from "../../../components/ui/icons";
import { LoadError } from "../../../components/ui/load-error";
import { BackLink, PageHeader } from "../../../components/ui/page-header";
import { Pager, pageCount } from "../../../components/ui/pager";
import { PageSpinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-client";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useBids } from "../api/get-bids";
import {
  BID_TABS,
  type BidListType,
  type BidTab,
  listTypeOf,
  readPage,
  readTab,
  tabLabel,
} from "../bid-list";
import { BidRow } from "../components/bid-row";
import { bidsCopy } from "../copy";
import { type BidDecisions, useBidDecisions } from "../use-bid-decisions";
import "../bids.css";
import { Tabs } from "../../../components/ui/tabs";
import { useLinkedItem } from "../../../lib/use-linked-item";

/** Moves a page past the end to the last page, replacing the history entry. */
function useLastPageWhenPastEnd(isPastEnd: boolean, totalPages: number, setParams: SetURLSearchParams) {
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
}

interface BidListPageProps {
  bids: Bid[];
  type: BidListType;
  totalCount: number;
  isPlaceholderData: boolean;
  decisions: BidDecisions;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** The pager's accessible name. */
  pagesLabel: string;
}

/** One page of bids: the count, the rows with their controls, and the pager. */
function BidListPage({
  bids,
  type,
  totalCount,
  isPlaceholderData,
  decisions,
  page,
  totalPages,
  onPageChange,
  pagesLabel,
}: BidListPageProps) {
  const { working } = decisions;
  return (
    <>
      <p className="bids-count">{bidsCopy.bidCount(totalCount)}</p>
      <ul className="bid-list" aria-busy={isPlaceholderData || undefined}>
        {bids.map((bid) => (
          <li key={bid.bidId}>
            <BidRow
              bid={bid}
              type={type}
              working={working?.bidId === bid.bidId ? working.action : null}
              isLocked={working !== null && working.bidId !== bid.bidId}
              onAccept={decisions.askAccept}
              onDecline={decisions.askDecline}
              onCancel={decisions.askCancel}
            />
          </li>
        ))}
      </ul>
      <Pager
        page={page}
        totalPages={totalPages}
        onPageChange={onPageChange}
        label={pagesLabel}
        isBusy={isPlaceholderData}
      />
    </>
  );
}

/** The page's header: back to the profile, the title, and a link to the map. */
function MyBidsHeader() {
  return (
    <PageHeader
      title={bidsCopy.myBidsTitle}
      titleClassName="my-bids__title"
      lead={<BackLink to={paths.profile} label={bidsCopy.backToProfile} />}
    >
      <a className="icon-button" href={paths.map} aria-label={bidsCopy.map}>
        <MapIcon size={22} />
      </a>
    </PageHeader>
  );
}

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

  const decisions = useBidDecisions();

  // A page past the end (an old link, or bids gone since) shows the last page instead.
  const isPastEnd = list.data !== undefined && !list.isPlaceholderData && page > totalPages;
  useLastPageWhenPastEnd(isPastEnd, totalPages, setParams);

  const selectTab = (next: BidTab) => {
    if (next === tab) return;
    decisions.clearNotice();
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

  const bids = list.data?.bidList ?? [];

  return (
    <div className="my-bids">
      <MyBidsHeader />

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
        <StatusNote>{decisions.notice}</StatusNote>

        {list.data && bids.length === 0 ? <p className="bids-empty">{texts.noBids}</p> : null}

        {bids.length > 0 && list.data ? (
          <BidListPage
            bids={bids}
            type={type}
            totalCount={list.data.totalCount}
            isPlaceholderData={list.isPlaceholderData}
            decisions={decisions}
            page={page}
            totalPages={totalPages}
            onPageChange={goToPage}
            pagesLabel={bidsCopy.pagesLabel(tabLabel(tab))}
          />
        ) : null}
      </Tabs>

      {decisions.dialogs}
    </div>
  );
}
