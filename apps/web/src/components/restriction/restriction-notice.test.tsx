import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeServer, ok, renderRoute, signIn } from "../../test/render-route";
import { RestrictionNotice } from "./restriction-notice";

const profile = (restriction: unknown) => ({
  _id: "user-1",
  fullName: "Ada Lovelace",
  userName: "ada",
  email: "ada@example.com",
  buildingColor: "#f5b942",
  totalPropertyPrice: 0,
  isStripeIntegrated: false,
  stripeConnAccId: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  hideHoldings: false,
  restriction,
});

function serve(restriction: unknown) {
  fakeServer(({ path }) => {
    if (path === "/config") return ok({ paymentProvider: "sandbox", supportEmail: "help@mx.test" });
    return ok(profile(restriction));
  });
}

beforeEach(() => signIn());

describe("the restriction notice", () => {
  it("tells a restricted player what they cannot do, why, since when, and whom to write to", async () => {
    serve({ reason: "A card payment of yours was disputed.", since: "2026-11-20T10:00:00.000Z" });
    renderRoute(<RestrictionNotice />, "/account");
    const notice = await screen.findByRole("alert");
    expect(notice).toHaveTextContent("Your account is restricted");
    expect(notice).toHaveTextContent(
      "You can't pay by card or PayPal or withdraw until support has reviewed your account. Reason: A card payment of yours was disputed.",
    );
    expect(notice).toHaveTextContent(/Restricted since .*2026/);
    expect(await screen.findByRole("link", { name: "help@mx.test" })).toHaveAttribute(
      "href",
      "mailto:help@mx.test",
    );
  });

  it("shows nothing to a player who is not restricted", async () => {
    serve(null);
    const { queryClient } = renderRoute(<RestrictionNotice />, "/account");
    await expect.poll(() => queryClient.getQueryState(["profile"])?.status ?? "done").not.toBe("pending");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
