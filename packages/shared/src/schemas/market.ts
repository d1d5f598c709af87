import { z } from "zod";
import { MARKET, PAGE_SIZE } from "../constants";
import { decimal } from "./common";
import { Property } from "./properties";

/** What the market's listings can be ordered by: ask up or down, newest listing, most bids, deepest discount. */
export const MARKET_SORTS = ["price", "-price", "-listedAt", "-bidCount", "discount"] as const;
export type MarketSort = (typeof MARKET_SORTS)[number];

const Offset = decimal(z.number().int().min(0).max(1_000_000)).default(0);
const Limit = (fallback: number, max: number) => decimal(z.number().int().min(1).max(max)).default(fallback);
const Dollars = decimal(z.number().min(0).max(1_000_000));
const Year = decimal(z.number().int().min(1000).max(9999));
const NeighborhoodName = z.string().trim().min(1).max(100);

export const MarketListingsQuery = z.strictObject({
  /** A neighbourhood's name, as GET neighborhoods lists it. */
  neighborhood: NeighborhoodName.optional(),
  /** Asks from this many dollars. */
  minPrice: Dollars.optional(),
  /** Asks up to this many dollars. */
  maxPrice: Dollars.optional(),
  minFloors: decimal(z.number().int().min(0).max(500)).optional(),
  minYear: Year.optional(),
  maxYear: Year.optional(),
  /** Matches the building's name or address, and the name its owner gave it. */
  text: z.string().trim().min(1).max(100).optional(),
  sort: z.enum(MARKET_SORTS).default(MARKET.defaultSort),
  limit: Limit(MARKET.pageSize, PAGE_SIZE.max),
  offset: Offset,
});
export type MarketListingsQuery = z.infer<typeof MarketListingsQuery>;

export const LastSale = z.object({
  /** Dollars. */
  price: z.number(),
  /** Epoch seconds. */
  at: z.number().int(),
});

export const MarketListing = Property.extend({
  /** The highest pending bid, in dollars; null without bids. */
  bestBid: z.number().nullable(),
  bidCount: z.number().int(),
  lastSale: LastSale.nullable(),
  /** Epoch seconds: when it was put up for sale. */
  listedAt: z.number().int(),
});
export type MarketListing = z.infer<typeof MarketListing>;
export const MarketListingsData = z.object({
  totalCount: z.number().int(),
  listings: z.array(MarketListing),
});
export type MarketListingsData = z.infer<typeof MarketListingsData>;

export const TRADE_KINDS = ["first-sale", "resale"] as const;
export const MarketTradesQuery = z.strictObject({
  buildingId: z.string().trim().min(1).max(100).optional(),
  neighborhood: NeighborhoodName.optional(),
  limit: Limit(MARKET.tradesPageSize, PAGE_SIZE.max),
  offset: Offset,
});
export const Trade = z.object({
  buildingId: z.string(),
  name: z.string(),
  neighborhood: z.string().nullable(),
  /** Dollars. */
  price: z.number(),
  /** Epoch seconds. */
  at: z.number().int(),
  /** A first sale is a purchase from the game; a resale, a bid one player accepted from another. */
  kind: z.enum(TRADE_KINDS),
  sellerUserName: z.string().nullable(),
  buyerUserName: z.string(),
});
export type Trade = z.infer<typeof Trade>;
export const MarketTradesData = z.object({ totalCount: z.number().int(), trades: z.array(Trade) });
export type MarketTradesData = z.infer<typeof MarketTradesData>;

export const MarketIndexQuery = z.strictObject({
  neighborhood: NeighborhoodName,
  days: decimal(z.number().int().min(1).max(MARKET.indexMaxDays)).default(MARKET.indexDays),
});
export const IndexDay = z.object({
  /** UTC day, YYYY-MM-DD. */
  date: z.string(),
  trades: z.number().int(),
  /** Dollars traded that day. */
  volume: z.number(),
  /** Dollars per square foot of floor area; null on a day without trades. */
  medianPricePerSqft: z.number().nullable(),
});
export type IndexDay = z.infer<typeof IndexDay>;
export const MarketIndexData = z.object({ neighborhood: z.string(), days: z.array(IndexDay) });
export type MarketIndexData = z.infer<typeof MarketIndexData>;

/** Property Details' market panel: the book and the recent trades of one building, bidders not named. */
export const MarketBuildingQuery = z.strictObject({ buildingId: z.string().trim().min(1).max(100) });
export const MarketBuildingData = z.object({
  buildingId: z.string(),
  neighborhood: z.string().nullable(),
  /** Dollars; null when not for sale. */
  ask: z.number().nullable(),
  /** Pending bids' amounts in dollars, highest first. */
  bids: z.array(z.number()),
  bestBid: z.number().nullable(),
  bidCount: z.number().int(),
  lastTrades: z.array(Trade),
  /** This building's price per square foot of floor area, in dollars; null without a floor area. */
  pricePerSqft: z.number().nullable(),
  /** The median price per square foot of its neighbourhood's trades over the last 90 days; null without any. */
  neighborhoodMedianPerSqft: z.number().nullable(),
  neighborhoodTrades: z.number().int(),
});
export type MarketBuildingData = z.infer<typeof MarketBuildingData>;

export const Holding = z.object({
  buildingId: z.string(),
  propertyId: z.string(),
  name: z.string(),
  neighborhood: z.string().nullable(),
  location: z.object({ lat: z.number(), lng: z.number() }),
  /** What it cost the player, in dollars: price + processing fee + sales tax, less credits spent, from the ledger. */
  paid: z.number(),
  /** What they bought it for, in dollars. */
  price: z.number(),
  /** Their ask, when listed. */
  ask: z.number().nullable(),
  bestBid: z.number().nullable(),
  /** Dollars they would receive, after the processing fee on a sale. */
  netIfSoldAtAsk: z.number().nullable(),
  netIfBestBidAccepted: z.number().nullable(),
  /** netIfSoldAtAsk (else the net at the price they paid) less `paid`. */
  unrealised: z.number(),
  /** Epoch seconds. */
  acquiredAt: z.number().int(),
});
export type Holding = z.infer<typeof Holding>;
export const RealisedSale = z.object({
  buildingId: z.string(),
  name: z.string(),
  /** Dollars: the sale price. */
  price: z.number(),
  /** Dollars credited to earnings: the price less the processing fee. */
  proceeds: z.number(),
  /** Dollars the player had paid for it. */
  cost: z.number(),
  gain: z.number(),
  /** Epoch seconds. */
  at: z.number().int(),
});
export type RealisedSale = z.infer<typeof RealisedSale>;
export const PortfolioData = z.object({
  holdings: z.array(Holding),
  realised: z.array(RealisedSale),
  totals: z.object({
    holdings: z.number().int(),
    paid: z.number(),
    /** Sum of prices of the buildings held. */
    value: z.number(),
    unrealised: z.number(),
    realised: z.number(),
    /** Processing fees and sales tax the player paid on purchases, and fees kept from their sales. */
    fees: z.number(),
    tax: z.number(),
    /** Credits spent on buildings. */
    creditsSpent: z.number(),
  }),
  /** Years with a money movement, newest first: what the statement can be asked for. */
  activeYears: z.array(z.number().int()),
});
export type PortfolioData = z.infer<typeof PortfolioData>;

export const STATEMENT_FORMATS = ["json", "csv"] as const;
export const StatementQuery = z.strictObject({
  year: decimal(z.number().int().min(1000).max(9999)),
  format: z.enum(STATEMENT_FORMATS).default("json"),
});
export const STATEMENT_KINDS = [
  "purchase",
  "bid-hold",
  "bid-release",
  "bid-capture",
  "sale",
  "payout",
  "payout-reversal",
  "credits-earned",
  "credits-reversed",
  "credits-spent",
  "credits-returned",
  "account-refund",
  "account-refund-reversal",
  "forfeit",
  "shop-order",
] as const;
export const StatementRow = z.object({
  /** Epoch seconds. */
  at: z.number().int(),
  kind: z.enum(STATEMENT_KINDS),
  description: z.string(),
  buildingId: z.string().nullable(),
  /** Dollars the player paid or was held on their card (negative), or received back (positive). */
  card: z.number(),
  /** Dollars of offer-wall credits in or out. */
  credits: z.number(),
  fees: z.number(),
  tax: z.number(),
  /** Dollars in (+) or out (-) of the withdrawable earnings. */
  earnings: z.number(),
  /** The earnings after this row. */
  balance: z.number(),
});
export type StatementRow = z.infer<typeof StatementRow>;
export const StatementData = z.object({
  year: z.number().int(),
  openingBalance: z.number(),
  closingBalance: z.number(),
  rows: z.array(StatementRow),
});
export type StatementData = z.infer<typeof StatementData>;
