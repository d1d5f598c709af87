/**
 * Every cache key of the app's queries, in one place: a feature that reads data and one that changes it (or the
 * live channel) name the same entry without typing its parts twice. Prefixes invalidate a family:
 * `queryKeys.properties.all` covers details, price history and My Properties.
 */
export type BidListType = "owner" | "bidder";

export const queryKeys = {
  profile: ["profile"] as const,
  config: ["config"] as const,
  paymentMethods: ["payment-methods"] as const,
  properties: {
    all: ["properties"] as const,
    details: (buildingId: string) => ["properties", "details", buildingId] as const,
    priceHistory: (buildingId: string) => ["properties", "price-history", buildingId] as const,
    /** What its owner can build on it next, and at what price (prices follow the building's). */
    developments: (propertyId: string) => ["properties", "developments", propertyId] as const,
    mine: (page?: number) =>
      page === undefined ? (["properties", "mine"] as const) : (["properties", "mine", page] as const),
  },
  /**
   * The market lives under ["properties"] on purpose: every sale, ask, cancelled sale and bid activity the live
   * channel reports invalidates that family, so listings, the ticker, the panel and the portfolio follow at once.
   */
  market: {
    listings: (request: unknown) => ["properties", "market", "listings", request] as const,
    trades: (request: unknown) => ["properties", "market", "trades", request] as const,
    building: (buildingId: string) => ["properties", "market", "building", buildingId] as const,
    portfolio: ["properties", "market", "portfolio"] as const,
  },
  /** A player's public profile, by name in any case: under ["properties"], so sales and asks refresh it too. */
  player: (userName: string) => ["properties", "player", userName.toLowerCase()] as const,
  /** The buildings the player watches: under ["properties"], so sales, asks and bids refresh it too. */
  watchlist: ["properties", "watchlist"] as const,
  /** The player's switches of the alerts (Account Settings). */
  alertSettings: ["alert-settings"] as const,
  /** Collections follow ownership: under ["properties"], so every sale refreshes them. */
  collections: {
    list: ["properties", "collections", "list"] as const,
    one: (id: string) => ["properties", "collections", "one", id] as const,
    collectors: ["properties", "collections", "collectors"] as const,
    map: ["properties", "collections", "map"] as const,
  },
  /** A neighbourhood's index moves only with trades, which the leaderboard's family already follows. */
  marketIndex: (name: string) => ["leaderboard", "market-index", name] as const,
  /** ["bids"] covers every list; ["bids", type] one side's pages. */
  bids: (type?: BidListType, page?: number) => {
    if (type === undefined) return ["bids"] as const;
    if (page === undefined) return ["bids", type] as const;
    return ["bids", type, page] as const;
  },
  /** The pending bids on one building, as its owner sees them on Property Details (inside ["bids"]). */
  buildingBids: (buildingId: string) => ["bids", "owner", "building", buildingId] as const,
  leaderboard: {
    all: ["leaderboard"] as const,
    page: (request: unknown) => ["leaderboard", request] as const,
  },
  neighborhoods: ["neighborhoods"] as const,
  neighborhood: (name: string) => ["neighborhood", name] as const,
  payouts: {
    all: ["payouts"] as const,
    cards: ["payouts", "cards"] as const,
    balance: ["payouts", "balance"] as const,
    details: ["payouts", "details"] as const,
  },
  /** ["offerwall"] covers the wall and the credits. */
  offerwall: {
    all: ["offerwall"] as const,
    wall: ["offerwall", "wall"] as const,
    credits: ["offerwall", "credits"] as const,
  },
  usernameAvailable: (name: string) => ["username-available", name.toLowerCase()] as const,
  shop: {
    sessionStatus: (sessionId: string | null) => ["shop", "session-status", sessionId] as const,
    sandboxSession: (clientSecret: string) => ["shop", "sandbox-session", clientSecret] as const,
  },
} as const;
