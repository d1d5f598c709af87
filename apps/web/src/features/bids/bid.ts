import {
  ASK_PROCESSING_FEE_CENTS,
  BUY_PROCESSING_FEE_CENTS,
  FEE_AND_TAX_CENTS,
  SALES_TAX_CENTS,
} from "@mx/shared/constants";
import { errors, formats } from "@mx/shared/messages";
import { formatDollars } from "@mx/shared/money";
import type { Location } from "@mx/shared/schemas/properties";
import { z } from "zod";
import { dollarAmount, optionalText, requiredText, stateLocation } from "../../lib/router-state";

/** What Bid Review needs from the router state Property Details sends: `{ property, bidAmount }`. */
export interface BidDraft {
  /** The property's `_id`, sent as propertyId; "" when missing (then 'Missing property ID' is shown). */
  propertyId: string;
  buildingId: string;
  name: string;
  address: string | null;
  location: Location;
  /** The asking price in dollars: a bid must be strictly higher. */
  price: number;
  /** The bid typed in the 'Bid price' modal, in dollars; null when missing or not a valid amount. */
  bidAmount: number | null;
}

export interface BidTotals {
  bidCents: number;
  processingFeeCents: number;
  salesTaxCents: number;
  /** What the bidder's card is held for: bid + processing fee + sales tax. */
  totalCents: number;
}

const BidState = z.object({
  property: z.object({
    _id: optionalText,
    buildingId: requiredText,
    name: requiredText,
    address: optionalText,
    location: stateLocation,
    price: dollarAmount,
  }),
  bidAmount: dollarAmount.nullable().catch(null),
});

/**
 * The bid in the router state, or null when there is nothing to review: no state (the page was
 * opened by its address), no building name, or no building id or asking price. With null the screen
 * leaves (docs/decisions/0009-selected-building-and-review-screens.md).
 * A bad bid amount keeps the screen: the player can type another one.
 */
export function readBidDraft(state: unknown): BidDraft | null {
  const parsed = BidState.safeParse(state);
  if (!parsed.success) return null;
  const { property, bidAmount } = parsed.data;
  return {
    propertyId: property._id,
    buildingId: property.buildingId,
    name: property.name,
    address: property.address && property.address !== property.name ? property.address : null,
    location: property.location,
    price: property.price,
    bidAmount,
  };
}

/** The lowest bid the input suggests: one cent above the asking price, since a bid must be above it. */
export function minimumBid(price: number): number {
  return (Math.round(price * 100) + 1) / 100;
}

const AMOUNT_PATTERN = /^(\d+(\.\d{0,2})?|\.\d{1,2})$/;

export type BidCheck = { amount: number; problem: null } | { amount: null; problem: string };

/**
 * A typed bid, checked: a number above 0 in whole cents ('Please enter a valid price'), and
 * strictly higher than the asking price ('Your bid must be higher than the base price of $X').
 */
export function checkBid(raw: string, price: number): BidCheck {
  const typed = raw.trim();
  const amount = AMOUNT_PATTERN.test(typed) ? Number(typed) : Number.NaN;
  if (!Number.isFinite(amount) || amount <= 0) return { amount: null, problem: errors.validPrice };
  if (Math.round(amount * 100) <= Math.round(price * 100)) {
    return { amount: null, problem: formats.bidTooLow(formatDollars(price)) };
  }
  return { amount, problem: null };
}

/**
 * Bid + processing fee + sales tax (docs/decisions/0002-fees-and-sales-tax.md), added in integer cents so nothing
 * drifts.
 */
export function bidTotals(amount: number): BidTotals {
  const bidCents = Math.round(amount * 100);
  return {
    bidCents,
    processingFeeCents: BUY_PROCESSING_FEE_CENTS,
    salesTaxCents: SALES_TAX_CENTS,
    totalCents: bidCents + FEE_AND_TAX_CENTS,
  };
}

/** What the seller's earnings grow by when they accept: the bid less the ask's processing fee. */
export function sellerReceivesCents(amount: number): number {
  return Math.round(amount * 100) - ASK_PROCESSING_FEE_CENTS;
}
