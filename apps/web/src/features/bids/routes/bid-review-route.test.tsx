import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeServer, ok, propertyReply, refused, renderRoute, signIn } from "../../../test/render-route";
import { BidReviewRoute } from "./bid-review-route";

const draft = {
  property: {
    _id: "prop-9",
    name: "Seagram Building",
    buildingId: "way/9",
    location: { lat: 40.758, lng: -73.972 },
    price: 3000,
  },
  bidAmount: 3100,
};

const card = (id: string, last4: string, scheme: string, isDefault: boolean) => ({
  paymentMethodId: id,
  cardScheme: scheme,
  maskedCard: `•••• •••• •••• ${last4}`,
  last4,
  expiryMonth: 12,
  expiryYear: 2031,
  nameOnCard: "Ada Lovelace",
  isDefault,
});

const bidReply = {
  bidId: "bid-9",
  status: "pending",
  bidAmount: 3100,
  total: 3108.99,
  bidderId: "user-1",
  ownerId: "user-2",
  bidderDetails: { fullName: "Ada Lovelace", userName: "ada" },
  propertyDetails: {
    _id: "prop-9",
    buildingId: "way/9",
    name: "Seagram Building",
    price: 3000,
    location: { lat: 40.758, lng: -73.972 },
  },
  createdAt: "2026-11-23T10:00:00.000Z",
  expiresAt: "2026-11-30T10:00:00.000Z",
  decidedAt: null,
  failure: null,
};

beforeEach(() => signIn());

describe("Bid Review", () => {
  it("holds the picked card after the server's check and a confirmation; a lost request retries with its key", async () => {
    const user = userEvent.setup();
    let submits = 0;
    const calls = fakeServer(({ method, path }) => {
      if (path === "/config") return ok({ paymentProvider: "sandbox", supportEmail: "help@mx.test" });
      if (path === "/users/get/payment/method")
        return ok({
          cardList: [card("pm_visa", "4242", "visa", true), card("pm_amex", "0005", "amex", false)],
        });
      if (method === "POST" && path === "/properties/generate-bid")
        return ok({ response: propertyReply({ _id: "prop-9", price: 3000, forSale: true }), total: 3108.99 });
      if (method === "POST" && path === "/properties/submit-bid") {
        submits += 1;
        if (submits === 1) throw new TypeError("Failed to fetch");
        return ok(
          { bid: bidReply, message: "Your bid of $3,100.00 on Seagram Building is placed." },
          "Your bid of $3,100.00 on Seagram Building is placed.",
        );
      }
      return refused(404, "Not found.");
    });
    renderRoute(<BidReviewRoute />, "/bid-review", draft);

    const cards = await screen.findByRole("group", { name: "Card to hold" });
    await user.click(within(cards).getByRole("radio", { name: /AMEX •••• 0005/ }));
    const place = async () => {
      await user.click(screen.getByRole("button", { name: "Place Bid" }));
      const confirm = await screen.findByRole("dialog", { name: "Confirm Bid" });
      expect(confirm).toHaveTextContent("AMEX •••• 0005");
      await user.click(within(confirm).getByRole("button", { name: /^(Place|Confirm|Hold)/ }));
      return screen.findByRole("alertdialog");
    };

    expect(await place()).toHaveTextContent("Failed to submit bid");
    await user.click(screen.getByRole("button", { name: "OK" }));
    expect(await place()).toHaveTextContent("Your bid of $3,100.00 on Seagram Building is placed.");

    const sent = calls.filter((call) => call.path === "/properties/submit-bid");
    expect(sent.map((call) => call.body)).toEqual([
      { propertyId: "prop-9", bidAmount: 3100, paymentMethodId: "pm_amex", isApplePay: false },
      { propertyId: "prop-9", bidAmount: 3100, paymentMethodId: "pm_amex", isApplePay: false },
    ]);
    expect(sent[1]?.headers.get("Idempotency-Key")).toBe(sent[0]?.headers.get("Idempotency-Key"));
  });

  it("refuses a bid that is not above the asking price before anything is sent", async () => {
    const user = userEvent.setup();
    const calls = fakeServer(({ path }) => {
      if (path === "/config") return ok({ paymentProvider: "sandbox", supportEmail: "help@mx.test" });
      if (path === "/users/get/payment/method")
        return ok({ cardList: [card("pm_visa", "4242", "visa", true)] });
      return refused(404, "Not found.");
    });
    renderRoute(<BidReviewRoute />, "/bid-review", { ...draft, bidAmount: 3000 });
    await screen.findByText("VISA •••• 4242");
    await user.click(screen.getByRole("button", { name: "Place Bid" }));
    expect(
      await screen.findByText("Your bid must be higher than the base price of $3,000.00"),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });
});
