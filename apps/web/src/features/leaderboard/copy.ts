import type { LeaderboardSort } from "./api/get-leaderboard";

/** Screen copy the spec leaves open; the texts it fixes come from @mx/shared/messages. */
export const leaderboardCopy = {
  title: "Leaderboard",
  backToProfile: "Back to profile",
  map: "Map",
  filterLabel: "Filter by name",
  filterPlaceholder: "Name or username",
  sortLabel: "Sort by",
  neighborhoodLabel: "Neighbourhood",
  wholeIsland: "All of Manhattan",
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
  pagesLabel: "Leaderboard pages",
  propertyCount: (count: number) => (count === 1 ? "1 property" : `${count} properties`),
  playerCount: (count: number) => (count === 1 ? "1 player" : `${count} players`),
} as const;
