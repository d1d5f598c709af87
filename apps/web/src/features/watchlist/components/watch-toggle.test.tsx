import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeServer, ok, refused, renderRoute, signIn, watchedReply } from "../../../test/render-route";
import { WatchlistRoute } from "../routes/watchlist-route";
import { WatchToggle } from "./watch-toggle";

const tower = { buildingId: "way/1", name: "Test Tower" };
const entry = watchedReply(tower);

beforeEach(() => signIn());

describe("the Watch star", () => {
  it("watches at once, and is pressed", async () => {
    let watched: unknown[] = [];
    const calls = fakeServer(({ method }) => {
      if (method === "POST") watched = [entry];
      return ok(method === "POST" ? entry : { buildings: watched });
    });
    renderRoute(<WatchToggle building={tower} />, "/details");
    const star = await screen.findByRole("button", { name: "Watch Test Tower", pressed: false });
    await userEvent.setup().click(star);
    expect(await screen.findByRole("button", { name: "Watching Test Tower", pressed: true })).toBeTruthy();
    expect(
      calls.some((c) => c.method === "POST" && (c.body as { buildingId: string }).buildingId === "way/1"),
    ).toBe(true);
  });

  it("goes back and says so when watching fails", async () => {
    fakeServer(({ method }) =>
      method === "POST"
        ? refused(409, "You watch 200 buildings, the most there can be: unwatch one first.")
        : ok({ buildings: [] }),
    );
    renderRoute(<WatchToggle building={tower} />, "/details");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Watch Test Tower" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("You watch 200 buildings");
    expect(screen.getByRole("button", { name: "Watch Test Tower", pressed: false })).toBeTruthy();
  });
});

describe("the watchlist page", () => {
  it("lists a watched building with its figures, and unwatches it to the empty state", async () => {
    let watched: unknown[] = [entry];
    fakeServer(({ method }) => {
      if (method === "DELETE") watched = [];
      return ok(method === "DELETE" ? { buildingId: "way/1", watching: false } : { buildings: watched });
    });
    renderRoute(<WatchlistRoute />, "/watchlist");
    const link = await screen.findByRole("link", { name: "Test Tower" });
    expect(link.getAttribute("href")).toContain("id=way%2F1");
    expect(screen.getAllByRole("definition").map((d) => d.textContent)).toEqual([
      "$500.00",
      "$500.00",
      "$450.00",
      expect.stringContaining("$400.00"),
    ]);
    await userEvent.setup().click(screen.getByRole("button", { name: "Unwatch Test Tower" }));
    expect(
      await screen.findByText(
        "You watch no buildings yet. Star a building on its details to follow it here.",
      ),
    ).toBeTruthy();
  });

  it("says when the list cannot be loaded", async () => {
    fakeServer(() => refused(500, "Something went wrong on our side. Please try again."));
    renderRoute(<WatchlistRoute />, "/watchlist");
    expect(await screen.findByRole("alert")).toHaveTextContent("Something went wrong");
  });
});
