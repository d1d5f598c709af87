import { z } from "zod";
import { DEFAULT_LEADERBOARD_SORT, LIMITS, MAX_PRICE_DOLLARS, PAGE_SIZE } from "../constants";
import { decimal, shownName } from "./common";
import { Development } from "./developments";

export const Location = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type Location = z.infer<typeof Location>;

const PROPERTY_STATUSES = ["available", "held", "owned", "forSale"] as const;

/** A building as the game shows it: catalogue facts plus who owns it and at what price. Money in dollars. */
export const Property = z.object({
  _id: z.string(),
  buildingId: z.string(),
  /** Stable integer id of the building on the map (feature id in the vector tiles). */
  mapId: z.number().int(),
  /** The owner's name for it, else the building's name or address, else 'No Name'. */
  name: z.string(),
  address: z.string().nullable(),
  /** The neighbourhood it stands in (NYC's 2020 Neighborhood Tabulation Area name). */
  neighborhood: z.string().nullable(),
  description: z.string(),
  image: z.string().nullable(),
  /** What buying it costs now: its owner's ask while it is for sale, else its value. */
  price: z.number(),
  /**
   * What it is worth: what it last traded at (the game's price until first bought), plus what finished
   * developments added. An ask never moves it: leaderboards, worth and development costs use it.
   */
  value: z.number(),
  /** Its owner's asking price while it is for sale; null otherwise. */
  ask: z.number().nullable(),
  basePrice: z.number(),
  noOfFloors: z.number().int().nullable(),
  /** Square feet. */
  floorArea: z.number().int().nullable(),
  /** Metres. */
  height: z.number().nullable(),
  yearBuilt: z.number().int().nullable(),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  /** True once someone owns it. */
  isBuy: z.boolean(),
  /** True until it has been bought for the first time. */
  isFirstTime: z.boolean(),
  forSale: z.boolean(),
  /** The owner's buildingColor; null while unowned. */
  color: z.string().nullable(),
  location: Location,
  status: z.enum(PROPERTY_STATUSES),
  /**
   * Unix seconds until which a buyer's payment waiting for their approval (PayPal, the bank's check) holds it
   * (status `held`); null when nobody holds it.
   */
  heldUntil: z.number().int().nullable().optional(),
  /** What has been built on it (developments stay with the building), and what is being built. */
  development: Development,
  /**
   * True while a payment for it is disputed: it cannot be listed, sold, developed or renamed until the dispute is
   * decided.
   */
  frozen: z.boolean().optional(),
  /** Why it is frozen, in its owner's reply only. */
  frozenReason: z.string().optional(),
});
export type Property = z.infer<typeof Property>;

const Limit = (fallback: number) => decimal(z.number().int().min(1).max(PAGE_SIZE.max)).default(fallback);
const Offset = decimal(z.number().int().min(0).max(1_000_000)).default(0);
const BuildingId = z.string().trim().min(1, { error: "is required" }).max(100);

export const CheckPropertyDetailsQuery = z.strictObject({ text: z.string().trim().min(1).max(200) });
export const PropertyDetailsData = z.object({ propertyDetails: z.array(Property) });

export const PriceHistoryQuery = z.strictObject({ buildingId: BuildingId });
/** What a price point marks: a change of owner, or a finished development raising the building's value. */
const PRICE_POINT_KINDS = ["trade", "development"] as const;
export const PricePoint = z.object({
  /** Epoch seconds. */
  insertDate: z.number().int(),
  /** Dollars: the trade's price, or the value the development raised it to. */
  bidAmount: z.number(),
  kind: z.enum(PRICE_POINT_KINDS),
});
export type PricePoint = z.infer<typeof PricePoint>;
export const PriceHistoryData = z.object({ priceHistory: z.array(PricePoint) });

export const PropertyListQuery = z.strictObject({
  limit: Limit(PAGE_SIZE.myProperties),
  offset: Offset,
  /** Whose properties; the caller's when left out. */
  userId: z.uuid().optional(),
});
export const PropertyListData = z.object({ totalCount: z.number().int(), properties: z.array(Property) });
export type PropertyListData = z.infer<typeof PropertyListData>;

export const LEADERBOARD_SORTS = [
  "-numberOfProperties",
  "numberOfProperties",
  "-totalPropertyPrice",
  "totalPropertyPrice",
] as const;
export const LeaderboardQuery = z.strictObject({
  sortBy: z.enum(LEADERBOARD_SORTS).default(DEFAULT_LEADERBOARD_SORT),
  /** Matches full name or username, ignoring case. */
  name: z.string().trim().max(LIMITS.fullNameMax).optional(),
  /** Only buildings in this neighbourhood count (its name, as GET neighborhoods lists them). */
  neighborhood: z.string().trim().min(1).max(100).optional(),
  limit: Limit(PAGE_SIZE.leaderboard),
  offset: Offset,
});
export const LeaderboardEntry = z.object({
  _id: z.string(),
  /** Place in the overall ranking (most properties, then highest total price), whatever the sort or filter. */
  rank: z.number().int(),
  fullName: z.string(),
  userName: z.string(),
  /** Dollars. */
  totalPropertyPrice: z.number(),
  numberOfProperties: z.number().int(),
  buildingColor: z.string(),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntry>;
export const LeaderboardData = z.object({
  rankedResponse: z.array(LeaderboardEntry),
  totalCount: z.number().int(),
});

export const CreateBuildingBody = z.strictObject({
  buildingId: BuildingId,
  name: z.string().max(200).optional(),
  location: Location.optional(),
});
const BuildingName = z
  .string()
  .trim()
  .min(1, { error: "is required" })
  .max(LIMITS.buildingNameMax, { error: `must be at most ${LIMITS.buildingNameMax} characters` })
  .transform(shownName("buildingName"));
export const RenameBuildingBody = z.strictObject({
  buildingId: BuildingId,
  name: BuildingName,
  location: Location.optional(),
});
export const PropertyData = z.object({ property: Property });
export const RenameBuildingData = z.object({ name: z.string(), property: Property });

export const BuildingSearchQuery = z.strictObject({
  q: z.string().trim().min(1).max(100),
  limit: decimal(z.number().int().min(1).max(20)).default(8),
});
export const BuildingSearchResult = z.object({
  buildingId: z.string(),
  mapId: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  /** Where it is and how tall: what tells apart buildings named after the same street corner. */
  neighborhood: z.string().nullable().optional(),
  floors: z.number().int().optional(),
  /** Its height in metres, as the map draws it: the camera frames the whole building from it. */
  heightM: z.number().optional(),
  lat: z.number(),
  lng: z.number(),
});
export type BuildingSearchResult = z.infer<typeof BuildingSearchResult>;
export const BuildingSearchData = z.object({ results: z.array(BuildingSearchResult) });

/** POST properties/buy: buying an unowned building. `bidAmount` is the price offered, in dollars; fees come on top. */
export const BuyPropertyBody = z
  .strictObject({
    buildingId: z.string().trim().min(1).max(100).optional(),
    propertyId: z.string().trim().min(1).max(100).optional(),
    paymentMethodId: z.string().trim().min(1).max(255).optional(),
    bidAmount: z
      .number({ error: "must be a number" })
      .positive({ error: "must be greater than 0" })
      .max(MAX_PRICE_DOLLARS, { error: `must be at most ${MAX_PRICE_DOLLARS}` }),
    /** Offer-wall credits to spend, in dollars; the card pays the rest. */
    credits: z
      .number({ error: "must be a number" })
      .nonnegative({ error: "must be 0 or more" })
      .max(MAX_PRICE_DOLLARS, { error: `must be at most ${MAX_PRICE_DOLLARS}` })
      .optional(),
    name: z.string().max(200).optional(),
    isApplePay: z.literal(false, { error: "must be false (Apple Pay is not offered)" }).optional(),
    location: Location.optional(),
    lat: z.number().min(-90).max(90).optional(),
    lng: z.number().min(-180).max(180).optional(),
  })
  .refine((b) => b.buildingId !== undefined || b.propertyId !== undefined, {
    error: "buildingId or propertyId is required",
  });
export type BuyPropertyBody = z.infer<typeof BuyPropertyBody>;
export const BuyPropertyData = z.object({
  message: z.string(),
  property: Property,
  /** What was charged, in dollars: price + processing fee + sales tax. */
  total: z.number(),
  paymentIntentId: z.string(),
  /** Dollars of the total paid with offer-wall credits (the card paid the rest). */
  credits: z.number().optional(),
});

/** Placing an ask: the owner's asking price in dollars. */
export const PlaceAskBody = z.strictObject({
  propertyId: z.string().trim().min(1, { error: "is required" }).max(100),
  bidAmount: z
    .number({ error: "must be a number" })
    .positive({ error: "must be greater than 0" })
    .max(MAX_PRICE_DOLLARS, { error: `must be at most ${MAX_PRICE_DOLLARS}` }),
});
export const CancelSaleBody = z.strictObject({
  propertyId: z.string().trim().min(1, { error: "is required" }).max(100),
});
export const SaleData = z.object({ message: z.string(), property: Property });

/** A neighbourhood of the island, with what the map and its panel show about it. */
export const Neighborhood = z.object({
  code: z.string(),
  name: z.string(),
  /** 0 residential, 9 park, 6–8 other non-residential (NTA type). */
  kind: z.number().int(),
  location: Location,
  buildings: z.number().int(),
  owned: z.number().int(),
  /** Dollars: what its buildings are worth at their current prices. */
  totalValue: z.number(),
  /** The player owning most of its buildings, if anyone owns one. */
  topOwner: z
    .object({ userId: z.string(), userName: z.string(), color: z.string(), properties: z.number().int() })
    .nullable(),
});
export type Neighborhood = z.infer<typeof Neighborhood>;
export const NeighborhoodListData = z.object({ neighborhoods: z.array(Neighborhood) });

export const NeighborhoodQuery = z.strictObject({ name: z.string().trim().min(1).max(100) });
/** One neighbourhood's panel: its figures, the players owning most of it, and its latest sales. */
export const NeighborhoodDetailData = z.object({
  neighborhood: Neighborhood,
  topOwners: z.array(
    z.object({ userId: z.string(), userName: z.string(), color: z.string(), properties: z.number().int() }),
  ),
  lastSales: z.array(
    z.object({
      buildingId: z.string(),
      name: z.string(),
      /** Dollars. */
      price: z.number(),
      soldAt: z.string(),
    }),
  ),
});
export type NeighborhoodDetailData = z.infer<typeof NeighborhoodDetailData>;
