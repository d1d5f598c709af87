import type { WatchedBuilding } from "@mx/shared/schemas/watchlist";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeServer, ok, renderRoute, signIn, watchedReply } from "../../../test/render-route";
import { WatchlistRoute } from "./watchlist-route";

const watched = (buildingId: string, name: string, frozen: boolean) =>
  watchedReply({ buildingId, name, frozen }) as WatchedBuilding;

beforeEach(() => signIn());

describe("the watchlist page", () => {
  it("marks a watched building frozen while a payment for it is disputed", async () => {
    fakeServer(() =>
      ok({ buildings: [watched("way/1", "Frozen Tower", true), watched("way/2", "Open Tower", false)] }),
    );
    renderRoute(<WatchlistRoute />, "/watchlist");
    const rows = await screen.findAllByRole("listitem");
    expect(rows).toHaveLength(2);
    const [frozen, open] = rows as [HTMLElement, HTMLElement];
    expect(within(frozen).getByRole("link", { name: /Frozen Tower/ })).toHaveTextContent("Frozen");
    expect(within(frozen).getByText("Frozen")).toHaveAttribute("title", "Frozen while a payment is disputed");
    expect(within(open).queryByText("Frozen")).toBeNull();
  });
});
