import { disputeTexts } from "@mx/shared/messages";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeServer, propertyReply, refused, renderRoute, signIn } from "../../../test/render-route";
import { PropertyCard } from "./property-card";

const selection = { price: 100, lat: 40.75, lng: -73.98 };

function renderCard(property: ReturnType<typeof propertyReply>, isOwner: boolean) {
  const onAction = vi.fn();
  renderRoute(
    <PropertyCard
      property={property as never}
      selection={selection}
      isOwner={isOwner}
      isLoading={false}
      history={[]}
      action={isOwner ? "sellOrAsk" : property.forSale ? "createBid" : null}
      onAction={onAction}
      cancelSale={null}
    />,
    "/details",
  );
  return { card: screen.getByRole("region", { name: "Property details" }), onAction };
}

beforeEach(() => {
  signIn();
  fakeServer(() => refused(404, "Not found."));
});

describe("a building frozen while a payment for it is disputed", () => {
  it("tells its owner why, and disables Sell or Ask", () => {
    const property = propertyReply({
      ownerId: "user-1",
      status: "owned",
      isBuy: true,
      frozen: true,
      frozenReason: disputeTexts.frozenReason,
    });
    const { card } = renderCard(property, true);
    expect(within(card).getByText("Frozen")).toBeTruthy();
    expect(within(card).getByRole("note")).toHaveTextContent(disputeTexts.frozenReason);
    const sell = within(card).getByRole("button", { name: "Sell or Ask" });
    expect(sell).toBeDisabled();
    expect(sell).toHaveAccessibleDescription(disputeTexts.frozenReason);
  });

  it("shows others a small Frozen badge, and no bid can be made on its listing", () => {
    const property = propertyReply({ ownerId: "user-2", status: "forSale", forSale: true, frozen: true });
    const { card } = renderCard(property, false);
    expect(within(card).getByText("Frozen")).toBeTruthy();
    expect(within(card).queryByRole("note")).toBeNull();
    expect(within(card).queryByText(disputeTexts.frozenReason)).toBeNull();
    const bid = within(card).getByRole("button", { name: "Create a bid" });
    expect(bid).toBeDisabled();
    expect(bid).toHaveAccessibleDescription(disputeTexts.buildingFrozen);
  });

  it("shows nothing of the kind on a building that is not frozen", () => {
    const { card } = renderCard(propertyReply({ ownerId: "user-1", status: "owned", frozen: false }), true);
    expect(within(card).queryByText("Frozen")).toBeNull();
    expect(within(card).getByRole("button", { name: "Sell or Ask" })).toBeEnabled();
  });
});
