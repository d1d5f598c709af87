import { DEFAULT_LEADERBOARD_SORT, PAGE_SIZE } from "@mx/shared/constants";
import { errors, formats, texts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { useState } from "react";
import { MapIcon } from "../../../components/ui/icons";
import { LoadError } from "../../../components/ui/load-error";
import { BackLink, PageHeader } from "../../../components/ui/page-header";
import { Pager, pageCount } from "../../../components/ui/pager";
import { PageSpinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-client";
import { getUserId } from "../../../lib/session";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { type LeaderboardSort, useLeaderboard } from "../api/get-leaderboard";
import { useNeighborhood } from "../api/get-neighborhood";
import { useNeighborhoods } from "../api/get-neighborhoods";
import { LeaderboardControls } from "../components/leaderboard-controls";
import { LeaderboardTable } from "../components/leaderboard-table";
import { NeighborhoodPanel } from "../components/neighborhood-panel";
import { leaderboardCopy } from "../copy";
import "../leaderboard.css";

const FILTER_DELAY_MS = 300;

/** The page's title, a way back to the profile and a way to the map. */
function LeaderboardHeader() {
  return (
    <PageHeader
      title={leaderboardCopy.title}
      titleClassName="leaderboard__title"
      lead={<BackLink to={paths.profile} label={leaderboardCopy.backToProfile} />}
    >
      <a className="icon-button" href={paths.map} aria-label={leaderboardCopy.map}>
        <MapIcon size={22} />
      </a>
    </PageHeader>
  );
}

export function LeaderboardRoute() {
  useDocumentTitle(leaderboardCopy.title);
  const neighborhoods = useNeighborhoods();
  const [neighborhood, setNeighborhood] = useState(
    () => new URLSearchParams(window.location.search).get("neighborhood") ?? "",
  );
  const [sortBy, setSortBy] = useState<LeaderboardSort>(DEFAULT_LEADERBOARD_SORT);
  const [filter, setFilter] = useState("");
  const name = useDebouncedValue(filter.trim(), FILTER_DELAY_MS);
  // A page belongs to one filter and sort: changing either starts again at page 1.
  const [paging, setPaging] = useState({ key: "", page: 1 });
  const pagingKey = `${sortBy}|${name}|${neighborhood}`;
  const page = paging.key === pagingKey ? paging.page : 1;

  const board = useLeaderboard({ sortBy, name, neighborhood, page });
  const panel = useNeighborhood(neighborhood);
  const viewerId = getUserId();

  const goToPage = (next: number) => {
    setPaging({ key: pagingKey, page: next });
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="leaderboard">
      <LeaderboardHeader />

      <LeaderboardControls
        filter={filter}
        onFilterChange={setFilter}
        neighborhoods={neighborhoods.data ?? []}
        neighborhood={neighborhood}
        onNeighborhoodChange={setNeighborhood}
        sortBy={sortBy}
        onSortChange={setSortBy}
      />

      {neighborhood && panel.data ? <NeighborhoodPanel detail={panel.data} /> : null}

      {board.isPending ? <PageSpinner /> : null}
      <LoadError onRetry={() => void board.refetch()} isRetrying={board.isFetching}>
        {board.isError ? formats.listError(errorMessage(board.error, errors.fetchLeaderboardFailed)) : null}
      </LoadError>

      {board.data && board.data.entries.length === 0 ? (
        <p className="leaderboard__empty" role="status">
          {texts.noEntries}
        </p>
      ) : null}

      {board.data && board.data.entries.length > 0 ? (
        <>
          <p className="leaderboard__count" role="status">
            {leaderboardCopy.playerCount(board.data.totalCount)}
          </p>
          <LeaderboardTable
            entries={board.data.entries}
            sortBy={sortBy}
            viewerId={viewerId}
            isUpdating={board.isPlaceholderData}
          />
          <Pager
            page={page}
            totalPages={pageCount(board.data.totalCount, PAGE_SIZE.leaderboard)}
            onPageChange={goToPage}
            label={leaderboardCopy.pagesLabel}
            isBusy={board.isPlaceholderData}
          />
        </>
      ) : null}
    </div>
  );
}
