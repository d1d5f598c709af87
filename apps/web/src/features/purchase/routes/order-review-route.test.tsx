import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeServer, ok, propertyReply, refused, renderRoute, signIn } from "../../../test/render-route";
import { OrderReviewRoute } from "./order-review-route";

const order = {
  property: { name: "Flatiron Building", buildingId: "way/1", location: { lat: 40.74, lng: -73.99 } },
  price: 1200,
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

const cards = [card("pm_visa", "4242", "visa", false), card("pm_mc", "4444", "mastercard", true)];

/** The server's reply to a purchase (BuyPropertyData): the app parses it, so it is whole. */
const bought = {
  message: "You now own Flatiron Building.",
  property: propertyReply({ name: "Flatiron Building", ownerId: "user-1", isBuy: true, status: "owned" }),
  total: 1208.99,
  paymentIntentId: "pi_1",
};

function openReview() {
  return renderRoute(<OrderReviewRoute />, "/order-review", order);
}

beforeEach(() => signIn());

describe("Order Review", () => {
  it("pays with the card the player picks, after a confirmation, and says so in an alert dialog", async () => {
    const user = userEvent.setup();
    const calls = fakeServer(({ method, path }) => {
      if (path === "/config") return ok({ paymentProvider: "sandbox", supportEmail: "help@mx.test" });
      if (path === "/users/get/payment/method") return ok({ cardList: cards });
      if (method === "POST" && path === "/properties/buy") return ok(bought);
      return refused(404, "Not found.");
    });
    openReview();

    const choices = await screen.findByRole("group", { name: "Pay with" });
    expect(within(choices).getByRole("radio", { name: /MASTERCARD •••• 4444/ })).toBeChecked();
    await user.click(within(choices).getByRole("radio", { name: /VISA •••• 4242/ }));
    await user.click(screen.getByRole("button", { name: "Continue to Pay" }));

    const confirm = screen.getByRole("dialog", { name: "Confirm Purchase" });
    expect(confirm).toHaveTextContent("VISA •••• 4242");
    expect(confirm).toHaveTextContent("$1,208.99");
    // Nothing is sent before the player confirms.
    expect(calls.some((call) => call.path === "/properties/buy")).toBe(false);
    await user.click(within(confirm).getByRole("button", { name: "Pay $1,208.99" }));

    const alert = await screen.findByRole("alertdialog");
    expect(alert).toHaveTextContent("You now own Flatiron Building.");
    expect(within(alert).getByRole("button", { name: "OK" })).toHaveFocus();
    const buy = calls.find((call) => call.path === "/properties/buy");
    expect(buy?.body).toMatchObject({ buildingId: "way/1", bidAmount: 1200, paymentMethodId: "pm_visa" });
    expect(buy?.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
    await user.click(within(alert).getByRole("button", { name: "OK" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("shows 'Purchase failed: {reason}' and retries a lost request with the same Idempotency-Key", async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const calls = fakeServer(({ method, path }) => {
      if (path === "/config") return ok({ paymentProvider: "sandbox", supportEmail: "help@mx.test" });
      if (path === "/users/get/payment/method") return ok({ cardList: cards });
      if (method === "POST" && path === "/properties/buy") {
        attempts += 1;
        if (attempts === 1) throw new TypeError("Failed to fetch");
        if (attempts === 2) return refused(402, "Your card has insufficient funds.", "CARD_DECLINED");
        return ok(bought);
      }
      return refused(404, "Not found.");
    });
    openReview();
    const pay = async () => {
      await user.click(await screen.findByRole("button", { name: "Continue to Pay" }));
      await user.click(
        within(screen.getByRole("dialog", { name: "Confirm Purchase" })).getByRole("button", {
          name: /^Pay /,
        }),
      );
      return screen.findByRole("alertdialog");
    };

    // 1: the network drops the request; the outcome is unknown.
    expect(await pay()).toHaveTextContent("Purchase failed: Failed to buy property");
    await user.click(screen.getByRole("button", { name: "OK" }));
    // 2: the same order again carries the same key, and the server's refusal is shown word for word.
    expect(await pay()).toHaveTextContent("Purchase failed: Your card has insufficient funds.");
    await user.click(screen.getByRole("button", { name: "OK" }));
    // 3: after an answered refusal, a new key.
    expect(await pay()).toHaveTextContent("You now own Flatiron Building.");

    const keys = calls
      .filter((call) => call.path === "/properties/buy")
      .map((c) => c.headers.get("Idempotency-Key"));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it("asks for a card first when the player has none, in an alert dialog", async () => {
    const user = userEvent.setup();
    fakeServer(({ path }) => {
      if (path === "/config") return ok({ paymentProvider: "sandbox", supportEmail: "help@mx.test" });
      if (path === "/users/get/payment/method") return ok({ cardList: [] });
      return refused(404, "Not found.");
    });
    openReview();
    expect(await screen.findByText("No card on file")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Continue to Pay" }));
    expect(await screen.findByRole("alertdialog")).toHaveTextContent("Please add a card first.");
    expect(screen.queryByRole("dialog", { name: "Confirm Purchase" })).toBeNull();
  });

  it("lets credits that pay the whole total buy without a card, charging nothing", async () => {
    const user = userEvent.setup();
    const calls = fakeServer(({ method, path }) => {
      if (path === "/config") return ok({ paymentProvider: "sandbox", supportEmail: "help@mx.test" });
      if (path === "/users/get/payment/method") return ok({ cardList: [] });
      if (path === "/offerwall/credits")
        return ok({ balance: 2000, usable: 2000, debt: 0, usableFrom: null });
      if (method === "POST" && path === "/properties/buy") return ok(bought);
      return refused(404, "Not found.");
    });
    openReview();

    await user.click(
      await screen.findByRole("checkbox", { name: "Use $1,208.99 of credits for this building" }),
    );
    await user.click(screen.getByRole("button", { name: "Continue to Pay" }));
    const confirm = screen.getByRole("dialog", { name: "Confirm Purchase" });
    expect(confirm).toHaveTextContent("Credits");
    await user.click(within(confirm).getByRole("button", { name: "Pay $0.00" }));

    expect(await screen.findByRole("alertdialog")).toHaveTextContent("You now own Flatiron Building.");
    const buy = calls.find((call) => call.path === "/properties/buy");
    expect(buy?.body).toMatchObject({ buildingId: "way/1", bidAmount: 1200, credits: 1208.99 });
    expect(buy?.body).not.toHaveProperty("paymentMethodId");
  });
});
