import type { LeaderboardSort } from "./api/get-leaderboard";

/**
 * This feature's own screen copy, free to change. Texts the product fixes word for word come from
 * @mx/shared/messages (docs/decisions/0003-texts-fixed-word-for-word.md).
 */
export const leaderboardCopy = {
  title: "Leaderboard",
  backToProfile: "Back to profile",
  map: "Map",
  filterLabel: "Filter by name",
  filterPlaceholder: "Name or username",
  sortLabel: "Sort by",
  neighborhoodLabel: "Neighbourhood",
  wholeIsland: "All of Manhattan",
  panelLabel: (name: string) => `${name} at a glance`,
  buildings: "Buildings",
  owned: "Owned",
  topOwners: "Top owners",
  lastSales: "Latest sales",
  noOwners: "Nobody owns a building here yet.",
  noSales: "No sales yet.",
  sorts: {
    "-numberOfProperties": "Most properties",
    numberOfProperties: "Fewest properties",
    "-totalPropertyPrice": "Highest total value",
    totalPropertyPrice: "Lowest total value",
  } satisfies Record<LeaderboardSort, string>,
  rank: "Rank",
  player: "Player",
  userName: "Username",
  totalValue: "Total value",
  properties: "Properties",
  you: "You",
  report: "Report",
  reportPlayer: (userName: string) => `Report @${userName}`,
  pagesLabel: "Leaderboard pages",
  propertyCount: (count: number) => (count === 1 ? "1 property" : `${count} properties`),
  playerCount: (count: number) => (count === 1 ? "1 player" : `${count} players`),
} as const;
