import { z } from "zod";
import { DEVELOPMENT_KINDS, MARKET, PAGE_SIZE } from "../constants";
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

const LastSale = z.object({
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

const TRADE_KINDS = ["first-sale", "resale"] as const;
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
  /** The median trade's dollars per 1,000 square feet of floor area; null on a day without trades. */
  medianPricePer1000Sqft: z.number().nullable(),
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
  /**
   * This building's price per 1,000 square feet of floor area, in dollars (a tower sells for a fraction of a cent
   * a square foot); null without a floor area.
   */
  pricePer1000Sqft: z.number().nullable(),
  /** The median price per 1,000 square feet of its neighbourhood's trades over the last 90 days; null without any. */
  neighborhoodMedianPer1000Sqft: z.number().nullable(),
  /** How far its price per area stands from that median, in whole percent (+12: 12 % above); null without one. */
  versusMedianPct: z.number().int().nullable(),
  neighborhoodTrades: z.number().int(),
});
export type MarketBuildingData = z.infer<typeof MarketBuildingData>;

/** What buying a holding cost: the price, the processing fee and the sales tax, and how much of it was credits. */
export const HoldingPurchase = z.object({
  /** Dollars: what it was bought for (from the game, or the bid accepted). */
  price: z.number(),
  fee: z.number(),
  tax: z.number(),
  /** price + fee + tax. */
  total: z.number(),
  /** Dollars of the total paid with offer-wall credits. */
  credits: z.number(),
  /** Epoch seconds. */
  at: z.number().int(),
});
export type HoldingPurchase = z.infer<typeof HoldingPurchase>;

/** One development paid for on a holding: its cost (what the value rises by), fee and tax. */
export const HoldingDevelopment = z.object({
  kind: z.enum(DEVELOPMENT_KINDS),
  name: z.string(),
  level: z.number().int(),
  cost: z.number(),
  fee: z.number(),
  tax: z.number(),
  /** cost + fee + tax. */
  total: z.number(),
  credits: z.number(),
  /** Epoch seconds: when it was paid. */
  at: z.number().int(),
  /** Paid, and its construction still under way (the value rises when it ends). */
  constructing: z.boolean(),
  /** Epoch seconds; null when it is finished. */
  completesAt: z.number().int().nullable(),
});
export type HoldingDevelopment = z.infer<typeof HoldingDevelopment>;

export const Holding = z.object({
  buildingId: z.string(),
  propertyId: z.string(),
  name: z.string(),
  neighborhood: z.string().nullable(),
  location: z.object({ lat: z.number(), lng: z.number() }),
  /** What buying it cost, from the ledger; null for a building that came to the player without a purchase. */
  purchase: HoldingPurchase.nullable(),
  /** Every development paid for since it was bought, oldest first, constructions under way included. */
  developments: z.array(HoldingDevelopment),
  /** Dollars invested: the developments' costs, fees and taxes. */
  invested: z.number(),
  /** Everything paid for it, in dollars: the purchase's price, fee and tax and what was invested (credits included). */
  paid: z.number(),
  /** What they bought it for, in dollars. */
  price: z.number(),
  /** What it is worth, in dollars: its last trade (or the game's price) plus what finished developments added. */
  value: z.number(),
  /** Their ask, when listed. */
  ask: z.number().nullable(),
  bestBid: z.number().nullable(),
  /** Dollars they would receive, after the processing fee on a sale. */
  netIfSoldAtAsk: z.number().nullable(),
  netIfBestBidAccepted: z.number().nullable(),
  /** netIfSoldAtAsk (else the net of a sale at its value) less everything `paid`. */
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
  /** Dollars the player had paid for it: the purchase and every development. */
  cost: z.number(),
  gain: z.number(),
  /** Epoch seconds. */
  at: z.number().int(),
});
export type RealisedSale = z.infer<typeof RealisedSale>;

/** What the statement's columns add up to (dollars), for a year: the same figures in the portfolio and the statement. */
export const STATEMENT_COLUMNS = ["card", "credits", "fees", "tax", "earnings"] as const;
export type StatementColumn = (typeof STATEMENT_COLUMNS)[number];
export const StatementTotals = z.object({
  /** Paid or held on the card (negative), or received back or paid out (positive). */
  card: z.number(),
  /** Credits in less credits out. */
  credits: z.number(),
  fees: z.number(),
  tax: z.number(),
  /** The change in the withdrawable earnings. */
  earnings: z.number(),
});
export type StatementTotals = z.infer<typeof StatementTotals>;
export const PortfolioYear = StatementTotals.extend({ year: z.number().int() });
export type PortfolioYear = z.infer<typeof PortfolioYear>;

export const PortfolioData = z.object({
  holdings: z.array(Holding),
  realised: z.array(RealisedSale),
  totals: z.object({
    holdings: z.number().int(),
    /** Everything paid for the buildings held: purchases and developments, fees, tax and credits included. */
    paid: z.number(),
    /** What was invested in developments of the buildings held (cost, fee, tax). */
    invested: z.number(),
    /** Sum of the values of the buildings held (never their asks). */
    value: z.number(),
    unrealised: z.number(),
    realised: z.number(),
    /**
     * Every fee the player paid, ever: processing fees on purchases, developments and won bids, the fees kept
     * from their sales, and the fees of their payouts and refunds.
     */
    fees: z.number(),
    /** Sales tax paid on purchases, developments and won bids. */
    tax: z.number(),
    /** Credits spent on buildings and developments (less those given back). */
    creditsSpent: z.number(),
    /** Paid by card (or PayPal) for buildings and developments, ever. */
    cardPaid: z.number(),
  }),
  /** Years with a money movement, newest first: what the statement can be asked for. */
  activeYears: z.array(z.number().int()),
  /** Each active year's statement totals, newest first: a year's statement adds up to its line here. */
  years: z.array(PortfolioYear),
});
export type PortfolioData = z.infer<typeof PortfolioData>;

const STATEMENT_FORMATS = ["json", "csv"] as const;
export const StatementQuery = z.strictObject({
  year: decimal(z.number().int().min(1000).max(9999)),
  format: z.enum(STATEMENT_FORMATS).default("json"),
});
/**
 * What a statement row is, a closed list: each journal kind of the ledger maps to one of these (the server's
 * statement fails its typecheck on a journal kind it does not map), and each bid's card hold and its release.
 */
const STATEMENT_KINDS = [
  "purchase",
  "development",
  "bid-hold",
  "bid-release",
  "bid-capture",
  "refund",
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
  "proceeds-cleared",
  "proceeds-held-back",
  "proceeds-returned",
  "dispute",
] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];
export const StatementRow = z.object({
  /** Epoch seconds. */
  at: z.number().int(),
  kind: z.enum(STATEMENT_KINDS),
  description: z.string(),
  buildingId: z.string().nullable(),
  /** The building's name when the money moved (whatever it is called now); null for a row of no building. */
  building: z.string().nullable(),
  /** Dollars the player paid or was held on their card (negative), or received back (positive). */
  card: z.number(),
  /** Dollars of offer-wall credits in or out. */
  credits: z.number(),
  fees: z.number(),
  tax: z.number(),
  /** Dollars in (+) or out (-) of the earnings (withdrawable, or still clearing after a sale). */
  earnings: z.number(),
  /** The earnings after this row. */
  balance: z.number(),
});
export type StatementRow = z.infer<typeof StatementRow>;
export const StatementData = z.object({
  year: z.number().int(),
  openingBalance: z.number(),
  closingBalance: z.number(),
  /** Each column's sum over the rows. */
  totals: StatementTotals,
  rows: z.array(StatementRow),
});
export type StatementData = z.infer<typeof StatementData>;
