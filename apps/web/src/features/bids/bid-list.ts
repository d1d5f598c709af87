import { texts } from "@mx/shared/messages";
import type { Bid, BidStatus } from "@mx/shared/schemas/bids";
import { formatDate } from "../../lib/format-date";

/** The two tabs of My Bids and the list each one reads: Sell = the viewer as owner, Buy = as bidder. */
export const BID_TABS = ["sell", "buy"] as const;
export type BidTab = (typeof BID_TABS)[number];
export type BidListType = "owner" | "bidder";

export const listTypeOf = (tab: BidTab): BidListType => (tab === "sell" ? "owner" : "bidder");
export const tabLabel = (tab: BidTab): string => (tab === "sell" ? texts.sellTab : texts.buyTab);

/** The tab in the address (`?tab=buy`); Sell, the first tab, otherwise. */
export function readTab(params: URLSearchParams): BidTab {
  return params.get("tab")?.toLowerCase() === "buy" ? "buy" : "sell";
}

/** The 1-based page in the address (`?page=2`); 1 for anything else. */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

const STATUS_LABELS: Record<BidStatus, string> = {
  pending: "Pending",
  accepted: "Accepted",
  // The owner's control reads 'Decline'; the status reads the same to both sides.
  rejected: "Declined",
  cancelled: "Cancelled",
  expired: "Expired",
  replaced: "Replaced",
  released: "Released",
  failed: "Failed",
};

/**
 * Every status as text, since bidders see them all (docs/decisions/0006-bidding-rules.md). An unknown value is
 * shown as sent.
 */
export function statusLabel(status: string): string {
  return STATUS_LABELS[status as BidStatus] ?? status;
}

const STATUS_NOTES: Record<BidStatus, { owner: string; bidder: string }> = {
  pending: { owner: "Waiting for your answer.", bidder: "Your card is on hold for the total." },
  accepted: { owner: "Sold. The building went to this bidder.", bidder: "You won. The building is yours." },
  rejected: { owner: "You declined it.", bidder: "The owner declined it. The hold was released." },
  cancelled: { owner: "The bidder cancelled it.", bidder: "You cancelled it. The hold was released." },
  expired: { owner: "It expired unanswered.", bidder: "It expired unanswered. The hold was released." },
  replaced: {
    owner: "Replaced by a newer bid.",
    bidder: "Replaced by your newer bid. The hold was released.",
  },
  released: {
    owner: "Released when the building was sold or taken off the market.",
    bidder: "The building was sold or taken off the market. The hold was released.",
  },
  failed: { owner: "The bidder's card could not be held.", bidder: "Your card could not be held." },
};

/** One line saying what a status means for the viewer's side of the bid. */
export function statusNote(bid: Pick<Bid, "status" | "failure" | "paidWith">, type: BidListType): string {
  if (bid.status === "failed" && bid.failure) return bid.failure;
  const notes = STATUS_NOTES[bid.status];
  const note = notes ? (type === "owner" ? notes.owner : notes.bidder) : "";
  // A PayPal hold is the bidder's PayPal, not a card.
  return bid.paidWith === "paypal"
    ? note.replace(/\b(your|their|the bidder's) card\b/gi, (_, who: string) => `${who} PayPal`)
    : note;
}

/** Owners accept or decline pending bids only. */
export const canDecide = (bid: Pick<Bid, "status">, type: BidListType) =>
  type === "owner" && bid.status === "pending";

/** Bidders may cancel (delete) a bid while it is pending: any other bid has no hold left to release. */
export const canCancel = (bid: Pick<Bid, "status">, type: BidListType) =>
  type === "bidder" && bid.status === "pending";

/** The bidder as the owner sees them: "Ada Lovelace (@ada)". */
export function bidderName(bid: Pick<Bid, "bidderDetails">): string {
  const { fullName, userName } = bid.bidderDetails;
  return userName ? `${fullName} (@${userName})` : fullName;
}

/** "Mar 3, 2026"; "—" for a missing or unreadable timestamp. */
export function formatBidDate(iso: string | null, timeZone?: string): string {
  return formatDate(iso, timeZone);
}

/** The list with one bid's status replaced by the one the server returned. */
export function withStatus<T extends { bidList: Bid[] }>(
  list: T,
  changed: Pick<Bid, "bidId" | "status"> & Partial<Pick<Bid, "decidedAt">>,
): T {
  if (!list.bidList.some((bid) => bid.bidId === changed.bidId)) return list;
  return {
    ...list,
    bidList: list.bidList.map((bid) =>
      bid.bidId === changed.bidId
        ? { ...bid, status: changed.status, decidedAt: changed.decidedAt ?? bid.decidedAt }
        : bid,
    ),
  };
}

/**
 * The list with a newly placed bid at the front. The bidder's earlier pending bid on the
 * same building is shown as replaced, as the server does (one pending bid per bidder and building).
 */
export function withNewBid<T extends { totalCount: number; bidList: Bid[] }>(list: T, bid: Bid): T {
  if (list.bidList.some((other) => other.bidId === bid.bidId)) return list;
  const rest = list.bidList.map((other) =>
    other.status === "pending" &&
    other.bidderId === bid.bidderId &&
    other.propertyDetails._id === bid.propertyDetails._id
      ? { ...other, status: "replaced" as const }
      : other,
  );
  return { ...list, totalCount: list.totalCount + 1, bidList: [bid, ...rest] };
}
