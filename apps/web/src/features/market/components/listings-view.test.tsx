import type { MarketListing } from "@mx/shared/schemas/market";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeServer, propertyReply, refused, renderRoute, signIn } from "../../../test/render-route";
import { ListingsView } from "./listings-view";

function listing(buildingId: string, name: string, frozen: boolean): MarketListing {
  return {
    ...(propertyReply({
      buildingId,
      name,
      ownerId: "user-2",
      status: "forSale",
      forSale: true,
      ask: 250_000,
      price: 250_000,
      frozen,
    }) as MarketListing),
    bestBid: null,
    bidCount: 0,
    lastSale: null,
    listedAt: 1_700_000_000,
  };
}

beforeEach(() => {
  signIn();
  fakeServer(() => refused(404, "Not found."));
});

describe("the market's listings", () => {
  it("mark a building frozen while a payment for it is disputed, in the table and on the phone's cards", () => {
    renderRoute(
      <ListingsView
        listings={[listing("way/1", "Frozen Tower", true), listing("way/2", "Open Tower", false)]}
        sort="-listedAt"
        isUpdating={false}
      />,
      "/market",
    );
    const frozenRow = screen.getByRole("row", { name: /Frozen Tower/ });
    expect(within(frozenRow).getByText("Frozen")).toHaveAttribute(
      "title",
      "Frozen while a payment is disputed",
    );
    expect(within(screen.getByRole("row", { name: /Open Tower/ })).queryByText("Frozen")).toBeNull();
    const cards = screen.getAllByRole("listitem");
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByText("Frozen")).toBeTruthy();
    expect(within(cards[1] as HTMLElement).queryByText("Frozen")).toBeNull();
  });
});
