import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { AlertHost } from "../components/ui/alert-host";
import { SellReviewRoute } from "../features/sale/routes/sell-review-route";
import { fakeServer, ok, propertyReply, refused, signIn } from "../test/render-route";
import { AssetsRoute, assetsLoader } from "./assets-route";

const ask = {
  property: {
    _id: "prop-1",
    name: "Woolworth Building",
    buildingId: "way/2",
    location: { lat: 40.71, lng: -74.01 },
    forSale: false,
  },
  price: 1500,
};

function app(initial: { pathname: string; search?: string; state?: unknown }) {
  const router = createMemoryRouter(
    [
      { path: "/sell-review", element: <SellReviewRoute /> },
      { path: "/assets", loader: assetsLoader, element: <AssetsRoute /> },
      { path: "*", element: <p>Elsewhere</p> },
    ],
    { initialEntries: [initial] },
  );
  const root = document.createElement("div");
  root.id = "root";
  document.body.appendChild(root);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <AlertHost />
    </QueryClientProvider>,
    { container: root },
  );
  return Object.assign(router, { unmount: view.unmount });
}

beforeEach(() => signIn());

describe("an ask interrupted by payout onboarding", () => {
  it("is kept before the player leaves for onboarding, and Sell Review opens again with it afterwards", async () => {
    const user = userEvent.setup();
    const calls = fakeServer(({ method, path }) => {
      if (path === "/users/stripe/onboarding")
        return ok({
          isStripeIntegrated: false,
          redirectLink: "https://connect.example.com/onboarding/acct_1",
        });
      if (method === "POST" && path === "/properties/place-ask")
        return ok(
          {
            message: "Woolworth Building is for sale at $1,500.00.",
            property: propertyReply({
              _id: "prop-1",
              name: "Woolworth Building",
              price: 1500,
              forSale: true,
            }),
          },
          "Woolworth Building is for sale at $1,500.00.",
        );
      if (path.startsWith("/properties")) return ok({ totalCount: 0, properties: [] });
      return refused(404, "Not found.");
    });
    const leave = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);

    const first = app({ pathname: "/sell-review", state: ask });
    await user.click(await screen.findByRole("button", { name: "Confirm Ask" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Confirm Sell" })).getByRole("button", {
        name: "Confirm Sell",
      }),
    );
    await vi.waitFor(() =>
      expect(leave).toHaveBeenCalledWith("https://connect.example.com/onboarding/acct_1"),
    );
    expect(JSON.parse(window.sessionStorage.getItem("pending-ask") ?? "{}").state).toEqual(ask);
    first.unmount();
    first.dispose();

    // The provider sends the player back to /assets?status=1: Sell Review again, with the ask and the news.
    const back = app({ pathname: "/assets", search: "?status=1" });
    await vi.waitFor(() => expect(back.state.location.pathname).toBe("/sell-review"));
    expect(await screen.findByRole("status")).toHaveTextContent("Payouts are set up.");
    expect(screen.getByRole("heading", { level: 2, name: "Woolworth Building" })).toBeInTheDocument();
    expect(screen.getByText("$1,500.00")).toBeInTheDocument();
    // Taken once: reloading My Properties later does not bounce the player back again.
    expect(window.sessionStorage.getItem("pending-ask")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Confirm Ask" }));
    const connected = () => ok({ isStripeIntegrated: true, redirectLink: null }, "Payout account connected.");
    calls.length = 0;
    fakeServer(({ method, path }) => {
      if (path === "/users/stripe/onboarding") return connected();
      if (method === "POST" && path === "/properties/place-ask")
        return ok(
          {
            message: "Woolworth Building is for sale at $1,500.00.",
            property: propertyReply({
              _id: "prop-1",
              name: "Woolworth Building",
              price: 1500,
              forSale: true,
            }),
          },
          "Woolworth Building is for sale at $1,500.00.",
        );
      return ok({ totalCount: 0, properties: [] });
    });
    await user.click(
      within(screen.getByRole("dialog", { name: "Confirm Sell" })).getByRole("button", {
        name: "Confirm Sell",
      }),
    );
    expect(await screen.findByRole("alertdialog")).toHaveTextContent(
      "Woolworth Building is for sale at $1,500.00.",
    );
  });

  it("leaves a player who had no ask in progress on My Properties, told how onboarding went", async () => {
    fakeServer(({ path }) =>
      path.startsWith("/properties") ? ok({ totalCount: 0, properties: [] }) : refused(404, "Not found."),
    );
    const router = app({ pathname: "/assets", search: "?status=0" });
    expect(
      await screen.findByText("Payout setup is not finished yet.", { exact: false }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/assets");
  });
});
