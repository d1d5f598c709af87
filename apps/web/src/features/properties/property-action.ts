import type { Property } from "@mx/shared/schemas/properties";

/** The one action a player can take on a building, or none. */
export type PropertyAction = "createBid" | "sellOrAsk" | "buyOrBid";

/**
 * One action at most: 'Create a bid' when it is for sale, 'Sell or Ask' for its owner, nothing when
 * someone else owns it, otherwise 'Buy or Bid' (docs/decisions/0009-selected-building-and-review-screens.md).
 * An owner cannot bid on their own building: an owner looking at their own listing gets 'Sell or Ask', which
 * Property Details shows as the listing itself ('For sale at $X', with Change ask and Cancel Sale).
 */
export function chooseAction(
  property: Pick<Property, "forSale" | "ownerId">,
  viewerId: string | null,
): PropertyAction | null {
  const isOwner = property.ownerId !== null && property.ownerId === viewerId;
  if (property.forSale && !isOwner) return "createBid";
  if (isOwner) return "sellOrAsk";
  if (property.ownerId !== null) return null;
  return "buyOrBid";
}

const PRICE_PATTERN = /^\d+(\.\d{1,2})?$|^\.\d{1,2}$/;

/**
 * A typed price in dollars, or null when it is not a number above 0 in whole cents
 * (then 'Please enter a valid price' is shown).
 */
export function parsePrice(raw: string): number | null {
  const text = raw.trim();
  if (!PRICE_PATTERN.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : null;
}
