import { ASK_PROCESSING_FEE_CENTS, PENDING_BID_TTL_DAYS } from "@mx/shared/constants";
import { formatCents } from "@mx/shared/money";

const askFee = formatCents(ASK_PROCESSING_FEE_CENTS);

/**
 * This feature's own screen copy, free to change. Texts the product fixes word for word come from
 * @mx/shared/messages (docs/decisions/0003-texts-fixed-word-for-word.md).
 */
export const bidsCopy = {
  // Bid Review
  reviewTitle: "Bid Review",
  youAreBidding: "You are bidding on",
  askingPrice: "Asking price",
  bidHint: (askingPrice: string) => `More than the asking price of ${askingPrice}.`,
  bid: "Your bid",
  processingFee: "Processing fee",
  salesTax: "Sales tax",
  totalHeld: "Total held",
  holdOn: "Card to hold",
  noCardHint: "Add a card to hold your bid.",
  loadingCard: "Loading your card…",
  tryAgain: "Try again",
  placeBid: "Place Bid",
  checking: "Checking your bid…",
  placing: "Placing your bid…",
  holdNote: `Your card is held for the total, not charged. The hold is released if the bid is declined, cancelled or expires after ${PENDING_BID_TTL_DAYS} days.`,
  confirmTitle: "Confirm Bid",
  youBid: "You are bidding",
  on: "on",
  heldOnCard: "Held on your card",
  card: "Card",
  confirmHold: (total: string) =>
    `Your card is held for ${total} now; nothing is charged yet. The hold is released if the owner declines the bid, you cancel it, or it expires after ${PENDING_BID_TTL_DAYS} days.`,
  confirmCapture: (total: string) => `If the owner accepts, ${total} is charged and the building is yours.`,
  cancel: "Cancel",
  bidPlaced: (name: string) => `Your bid on ${name} has been placed.`,
  // My Bids
  myBidsTitle: "My Bids",
  paidWith: "Paid with",
  backToProfile: "Back to profile",
  map: "Map",
  tabsLabel: "Bids",
  sellTabHint: "Bids on your buildings",
  buyTabHint: "Your bids on other buildings",
  bidCount: (count: number) => (count === 1 ? "1 bid" : `${count} bids`),
  pagesLabel: (tab: string) => `${tab} bids pages`,
  amount: "Bid",
  from: "From",
  placed: "Placed",
  expires: "Expires",
  decided: "Decided",
  status: "Status",
  accept: "Accept",
  decline: "Decline",
  accepting: "Accepting…",
  declining: "Declining…",
  cancelling: "Cancelling…",
  cancelBid: (name: string) => `Cancel your bid on ${name}`,
  acceptTitle: "Accept Bid",
  acceptQuestion: (bidder: string, amount: string, name: string) =>
    `Accept ${bidder}'s bid of ${amount} for ${name}?`,
  acceptOutcome: (name: string, bidder: string, amount: string) =>
    `${name} goes to ${bidder} for ${amount}. This cannot be undone.`,
  youReceive: "You receive",
  bidLabel: "Bid",
  askFee: "Processing fee",
  askFeeNote: `The ${askFee} processing fee is taken from the sale. Every other pending bid on this building is released.`,
  acceptBid: "Accept bid",
  declineTitle: "Decline Bid",
  declineQuestion: (bidder: string, amount: string, name: string) =>
    `Decline ${bidder}'s bid of ${amount} for ${name}?`,
  declineOutcome: "The bidder's hold is released and the bid cannot be restored.",
  declineBid: "Decline bid",
  cancelTitle: "Cancel Bid",
  cancelQuestion: (amount: string, name: string) => `Cancel your bid of ${amount} on ${name}?`,
  cancelOutcome: "The hold on your card is released. To bid again you place a new bid.",
  cancelTheBid: "Cancel bid",
  keepBid: "Keep bid",
  // The bids on a building, for its owner on Property Details
  fromBidder: (bidder: string) => `from ${bidder}`,
  loadingBids: "Loading the bids…",
  loadBidsFailed: "The bids could not be loaded.",
  accepted: (name: string, bidder: string) => `Bid accepted. ${name} now belongs to ${bidder}.`,
  declined: (bidder: string) => `You declined ${bidder}'s bid.`,
  cancelled: (name: string) => `Your bid on ${name} was cancelled and the hold released.`,
} as const;
