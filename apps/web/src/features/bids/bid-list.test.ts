import type { Bid } from "@mx/shared/schemas/bids";
import { describe, expect, it } from "vitest";
import {
  bidderName,
  canCancel,
  canDecide,
  formatBidDate,
  listTypeOf,
  readPage,
  readTab,
  statusLabel,
  statusNote,
  withNewBid,
  withStatus,
} from "./bid-list";

function buildBid(overrides: Partial<Bid> = {}): Bid {
  return {
    bidId: "b1",
    status: "pending",
    bidAmount: 1600,
    total: 1608.99,
    bidderId: "u-bidder",
    ownerId: "u-owner",
    bidderDetails: { fullName: "Ada Lovelace", userName: "ada" },
    propertyDetails: {
      _id: "p1",
      buildingId: "way/1",
      name: "Flatiron Building",
      price: 1500,
      location: { lat: 40.74, lng: -73.98 },
    },
    createdAt: "2026-03-03T15:00:00.000Z",
    expiresAt: "2026-03-10T15:00:00.000Z",
    decidedAt: null,
    failure: null,
    ...overrides,
  };
}

describe("tabs and pages in the address", () => {
  it("opens Sell unless the address asks for Buy", () => {
    expect(readTab(new URLSearchParams(""))).toBe("sell");
    expect(readTab(new URLSearchParams("tab=buy"))).toBe("buy");
    expect(readTab(new URLSearchParams("tab=BUY"))).toBe("buy");
    expect(readTab(new URLSearchParams("tab=other"))).toBe("sell");
  });

  it("reads Sell as the owner's list and Buy as the bidder's", () => {
    expect(listTypeOf("sell")).toBe("owner");
    expect(listTypeOf("buy")).toBe("bidder");
  });

  it("reads a positive whole page, else page 1", () => {
    expect(readPage(new URLSearchParams("page=3"))).toBe(3);
    for (const page of ["", "0", "-1", "1.5", "two"]) {
      expect(readPage(new URLSearchParams(`page=${page}`))).toBe(1);
    }
  });
});

describe("statuses as text", () => {
  it("names every status, and shows an unknown one as sent", () => {
    expect(statusLabel("pending")).toBe("Pending");
    expect(statusLabel("accepted")).toBe("Accepted");
    expect(statusLabel("rejected")).toBe("Declined");
    expect(statusLabel("cancelled")).toBe("Cancelled");
    expect(statusLabel("expired")).toBe("Expired");
    expect(statusLabel("replaced")).toBe("Replaced");
    expect(statusLabel("released")).toBe("Released");
    expect(statusLabel("failed")).toBe("Failed");
    expect(statusLabel("paused")).toBe("paused");
  });

  it("tells each side what a status means, and a failed bid why", () => {
    expect(statusNote(buildBid({ status: "rejected" }), "bidder")).toContain("hold was released");
    expect(statusNote(buildBid({ status: "rejected" }), "owner")).toBe("You declined it.");
    expect(statusNote(buildBid({ status: "failed", failure: "Your card was declined." }), "bidder")).toBe(
      "Your card was declined.",
    );
  });
});

describe("who may do what", () => {
  it("lets an owner accept or decline a pending bid only", () => {
    expect(canDecide(buildBid(), "owner")).toBe(true);
    expect(canDecide(buildBid({ status: "accepted" }), "owner")).toBe(false);
    expect(canDecide(buildBid(), "bidder")).toBe(false);
  });

  it("lets a bidder cancel a pending bid only", () => {
    expect(canCancel(buildBid(), "bidder")).toBe(true);
    for (const status of ["accepted", "rejected", "cancelled", "expired", "replaced", "released"] as const) {
      expect(canCancel(buildBid({ status }), "bidder")).toBe(false);
    }
    expect(canCancel(buildBid(), "owner")).toBe(false);
  });
});

describe("bidderName and formatBidDate", () => {
  it("shows the bidder's full name and username", () => {
    expect(bidderName(buildBid())).toBe("Ada Lovelace (@ada)");
    expect(bidderName(buildBid({ bidderDetails: { fullName: "Ada", userName: null } }))).toBe("Ada");
  });

  it("shows a short US date, or a dash", () => {
    expect(formatBidDate("2026-03-03T15:00:00.000Z", "America/New_York")).toBe("Mar 3, 2026");
    expect(formatBidDate(null)).toBe("—");
    expect(formatBidDate("not a date")).toBe("—");
  });
});

describe("updating a loaded list", () => {
  const list = { totalCount: 2, bidList: [buildBid(), buildBid({ bidId: "b2", bidAmount: 1700 })] };

  it("replaces one bid's status with the server's", () => {
    const next = withStatus(list, { bidId: "b2", status: "accepted", decidedAt: "2026-03-04T00:00:00.000Z" });
    expect(next.bidList.map((bid) => bid.status)).toEqual(["pending", "accepted"]);
    expect(next.bidList[1]?.decidedAt).toBe("2026-03-04T00:00:00.000Z");
    expect(withStatus(list, { bidId: "nope", status: "accepted" })).toBe(list);
  });

  it("puts a new bid at the front and marks the one it replaces", () => {
    const mine = { totalCount: 1, bidList: [buildBid()] };
    const next = withNewBid(mine, buildBid({ bidId: "b3", bidAmount: 1800 }));
    expect(next.totalCount).toBe(2);
    expect(next.bidList.map((bid) => [bid.bidId, bid.status])).toEqual([
      ["b3", "pending"],
      ["b1", "replaced"],
    ]);
    expect(withNewBid(next, buildBid({ bidId: "b3" }))).toBe(next);
  });
});
