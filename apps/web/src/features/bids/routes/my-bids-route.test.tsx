import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeServer, ok, refused, renderRoute, signIn } from "../../../test/render-route";
import { MyBidsRoute } from "./my-bids-route";

const bid = {
  bidId: "bid-1",
  status: "pending",
  bidAmount: 2500,
  total: 2508.99,
  bidderId: "user-2",
  ownerId: "user-1",
  bidderDetails: { fullName: "Grace Hopper", userName: "grace" },
  propertyDetails: {
    _id: "prop-1",
    buildingId: "way/3",
    name: "Chrysler Building",
    price: 2000,
    location: { lat: 40.75, lng: -73.97 },
  },
  createdAt: "2026-11-20T10:00:00.000Z",
  expiresAt: "2026-11-27T10:00:00.000Z",
  decidedAt: null,
  failure: null,
};

beforeEach(() => signIn());

describe("My Bids", () => {
  it("asks before declining a bid: Keep bid sends nothing, Decline bid declines it", async () => {
    const user = userEvent.setup();
    let status = "pending";
    const calls = fakeServer(({ method, path }) => {
      if (path.startsWith("/properties/bids?")) return ok({ totalCount: 1, bidList: [{ ...bid, status }] });
      if (method === "POST" && path === "/properties/reject-bid") {
        status = "rejected";
        return ok({ bid: { ...bid, status: "rejected" } }, "Bid declined.");
      }
      return refused(404, "Not found.");
    });
    renderRoute(<MyBidsRoute />, "/bids");

    await user.click(await screen.findByRole("button", { name: /^Decline/ }));
    const ask = screen.getByRole("dialog", { name: "Decline Bid" });
    expect(ask).toHaveTextContent("Decline Grace Hopper's bid of $2,500.00 for Chrysler Building?");
    expect(within(ask).getByRole("button", { name: "Keep bid" })).toHaveFocus();
    await user.click(within(ask).getByRole("button", { name: "Keep bid" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls.some((call) => call.path === "/properties/reject-bid")).toBe(false);

    await user.click(screen.getByRole("button", { name: /^Decline/ }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Decline Bid" })).getByRole("button", {
        name: "Decline bid",
      }),
    );
    expect(await screen.findByRole("status")).toHaveTextContent("You declined Grace Hopper (@grace)'s bid.");
    expect(calls.find((call) => call.path === "/properties/reject-bid")?.body).toEqual({ bidId: "bid-1" });
  });

  it("shows 'Reject failed: {e}' in an alert dialog when the server refuses", async () => {
    const user = userEvent.setup();
    fakeServer(({ method, path }) => {
      if (path.startsWith("/properties/bids?")) return ok({ totalCount: 1, bidList: [bid] });
      if (method === "POST" && path === "/properties/reject-bid")
        return refused(409, "This bid is no longer pending.", "BID_NOT_PENDING");
      return refused(404, "Not found.");
    });
    renderRoute(<MyBidsRoute />, "/bids");
    await user.click(await screen.findByRole("button", { name: /^Decline/ }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Decline Bid" })).getByRole("button", {
        name: "Decline bid",
      }),
    );
    const alert = await screen.findByRole("alertdialog");
    expect(alert).toHaveTextContent("Reject failed: This bid is no longer pending.");
    expect(within(alert).getByRole("button", { name: "OK" })).toHaveFocus();
  });

  it("offers Retry when the list fails to load, and Retry loads it", async () => {
    const user = userEvent.setup();
    let isDown = true;
    fakeServer(({ path }) => {
      if (path.startsWith("/properties/bids?"))
        return isDown
          ? refused(503, "The bids are resting.", "UNAVAILABLE")
          : ok({ totalCount: 1, bidList: [bid] });
      return refused(404, "Not found.");
    });
    renderRoute(<MyBidsRoute />, "/bids");
    expect(await screen.findByRole("alert")).toHaveTextContent("Error: The bids are resting.");
    isDown = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Chrysler Building")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
