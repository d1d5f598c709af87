import { DEFAULT_BUILDING_COLOR } from "@mx/shared/constants";
import { formatDollars } from "@mx/shared/money";
import type { LeaderboardEntry } from "@mx/shared/schemas/properties";
import { ReportButton } from "../../../components/report/report-button";
import { PlayerLink } from "../../../components/ui/player-link";
import type { LeaderboardSort } from "../api/get-leaderboard";
import { leaderboardCopy } from "../copy";

interface LeaderboardTableProps {
  entries: LeaderboardEntry[];
  sortBy: LeaderboardSort;
  /** The signed-in player, whose row stands out. */
  viewerId: string | null;
  isUpdating: boolean;
}

type AriaSort = "ascending" | "descending" | undefined;

function sortState(sortBy: LeaderboardSort, column: "numberOfProperties" | "totalPropertyPrice"): AriaSort {
  if (sortBy === column) return "ascending";
  if (sortBy === `-${column}`) return "descending";
  return undefined;
}

/**
 * Rank, player, username, total value and property count; a signed-in player can report any other player from
 * their row. Under the mobile breakpoint the
 * username and the count move under the player's name, so the table fits a phone without scrolling.
 */
export function LeaderboardTable({ entries, sortBy, viewerId, isUpdating }: LeaderboardTableProps) {
  return (
    <div className="leaderboard-table-wrap">
      <table className="leaderboard-table" aria-busy={isUpdating || undefined}>
        <caption className="visually-hidden">
          {leaderboardCopy.title}: {leaderboardCopy.sorts[sortBy]}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="leaderboard-table__rank">
              {leaderboardCopy.rank}
            </th>
            <th scope="col">{leaderboardCopy.player}</th>
            <th scope="col" className="leaderboard-table__username">
              {leaderboardCopy.userName}
            </th>
            <th
              scope="col"
              className="leaderboard-table__number"
              aria-sort={sortState(sortBy, "totalPropertyPrice")}
            >
              {leaderboardCopy.totalValue}
            </th>
            <th
              scope="col"
              className="leaderboard-table__number leaderboard-table__properties"
              aria-sort={sortState(sortBy, "numberOfProperties")}
            >
              {leaderboardCopy.properties}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <LeaderboardRow key={entry._id} entry={entry} viewerId={viewerId} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A player's row: rank, name (the viewer's marked), username, total value and count, and a report button for others. */
function LeaderboardRow({ entry, viewerId }: { entry: LeaderboardEntry; viewerId: string | null }) {
  const isViewer = entry._id === viewerId;
  return (
    <tr className={isViewer ? "leaderboard-table__me" : undefined}>
      <td className="leaderboard-table__rank">
        <span className={entry.rank <= 3 ? `rank rank--${entry.rank}` : "rank"}>{entry.rank}</span>
      </td>
      <th scope="row" className="leaderboard-table__player">
        <span className="leaderboard-table__name">
          <span
            className="leaderboard-dot"
            aria-hidden="true"
            style={{ backgroundColor: entry.buildingColor || DEFAULT_BUILDING_COLOR }}
          />
          <span className="leaderboard-table__full-name">
            <PlayerLink userName={entry.userName}>{entry.fullName}</PlayerLink>
            {isViewer ? <span className="leaderboard-you">{leaderboardCopy.you}</span> : null}
          </span>
        </span>
        {/* Phones only: the columns these repeat are hidden there (display: none hides both from screen readers). */}
        <span className="leaderboard-table__compact">@{entry.userName}</span>
        <span className="leaderboard-table__compact">
          {leaderboardCopy.propertyCount(entry.numberOfProperties)}
        </span>
        {viewerId && !isViewer ? (
          <span className="leaderboard-table__report">
            <ReportButton
              targetType="player"
              targetId={entry._id}
              targetName={`${entry.fullName} (@${entry.userName})`}
              label={leaderboardCopy.report}
              ariaLabel={leaderboardCopy.reportPlayer(entry.userName)}
            />
          </span>
        ) : null}
      </th>
      <td className="leaderboard-table__username">
        <PlayerLink userName={entry.userName}>@{entry.userName}</PlayerLink>
      </td>
      <td className="leaderboard-table__number">{formatDollars(entry.totalPropertyPrice)}</td>
      <td className="leaderboard-table__number leaderboard-table__properties">{entry.numberOfProperties}</td>
    </tr>
  );
}
