import { z } from "zod";
import { MAX_PRICE_DOLLARS, PAGE_SIZE } from "../constants";
import { decimal } from "./common";
import { Location, Property } from "./properties";

/**
 * A bid's life: pending (the bidder's card holds bid + fees) → accepted (captured, the building changes hands) |
 * rejected (by the owner) | cancelled (by the bidder) | expired (7 days) | replaced (by the bidder's newer bid) |
 * released (the building was sold to another bid or taken off the market) | failed (the hold could not be made or
 * captured). Every status but pending and accepted means the hold was let go.
 */
const BID_STATUSES = [
  "pending",
  "accepted",
  "rejected",
  "cancelled",
  "expired",
  "replaced",
  "released",
  "failed",
] as const;
export type BidStatus = (typeof BID_STATUSES)[number];

const PropertyRef = z.string().trim().min(1, { error: "is required" }).max(100);
const BidAmount = z
  .number({ error: "must be a number" })
  .positive({ error: "must be greater than 0" })
  .max(MAX_PRICE_DOLLARS, { error: `must be at most ${MAX_PRICE_DOLLARS}` });

/** Checks a bid before the card is touched: the property must be for sale, not the bidder's, and the bid above its price. */
export const GenerateBidBody = z.strictObject({ propertyId: PropertyRef, bidAmount: BidAmount });
export const GenerateBidData = z.object({
  response: Property,
  /** What the card is held for, in dollars: bid + processing fee + sales tax. */
  total: z.number(),
});

export const SubmitBidBody = z.strictObject({
  propertyId: PropertyRef,
  bidAmount: BidAmount,
  /** The card to hold; the default card when left out. */
  paymentMethodId: z.string().trim().min(1).max(255).optional(),
  isApplePay: z.literal(false, { error: "must be false (Apple Pay is not offered)" }).optional(),
  /** An intent from users/payment/intent/token for exactly bid + fees; one is made when left out. */
  paymentIntentId: z.string().trim().min(1).max(255).optional(),
});
export type SubmitBidBody = z.infer<typeof SubmitBidBody>;

export const BidIdBody = z.strictObject({ bidId: z.uuid({ error: "must be a bid id" }) });

export const Bid = z.object({
  bidId: z.string(),
  status: z.enum(BID_STATUSES),
  /** Dollars. */
  bidAmount: z.number(),
  /** What the bidder's card is held for (or was charged), dollars. */
  total: z.number(),
  bidderId: z.string(),
  ownerId: z.string().nullable(),
  bidderDetails: z.object({ fullName: z.string(), userName: z.string().nullable() }),
  propertyDetails: z.object({
    _id: z.string(),
    buildingId: z.string(),
    name: z.string(),
    /** The property's price now, dollars. */
    price: z.number(),
    location: Location,
  }),
  /** ISO timestamps. */
  createdAt: z.string(),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Why a bid failed, when it did. */
  failure: z.string().nullable(),
  /** What holds (or paid) the bid: a card, or PayPal. */
  paidWith: z.enum(["card", "paypal"]).optional(),
});
export type Bid = z.infer<typeof Bid>;

export const BidData = z.object({ bid: Bid });

const BID_LIST_TYPES = ["owner", "bidder"] as const;
export const BidListQuery = z.strictObject({
  type: z.enum(BID_LIST_TYPES, { error: "must be owner or bidder" }),
  limit: decimal(z.number().int().min(1).max(PAGE_SIZE.max)).default(PAGE_SIZE.bidsDefault),
  offset: decimal(z.number().int().min(0).max(1_000_000)).default(0),
  /** One building's bids only (its buildingId): Property Details shows its owner the bids on it. */
  buildingId: z.string().trim().min(1).max(100).optional(),
  /** Bids in this status only. */
  status: z.enum(BID_STATUSES, { error: `must be one of ${BID_STATUSES.join(", ")}` }).optional(),
});
export const BidListData = z.object({ totalCount: z.number().int(), bidList: z.array(Bid) });
export type BidListData = z.infer<typeof BidListData>;
