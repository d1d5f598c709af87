import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeServer, ok, refused, renderRoute, signIn } from "../../../test/render-route";
import { DevelopReviewRoute } from "./develop-review-route";

const state = {
  property: {
    _id: "prop-1",
    buildingId: "way/1",
    name: "Flatiron Building",
    price: 1200,
    location: { lat: 40.74, lng: -73.99 },
  },
  option: {
    kind: "facade",
    level: 1,
    name: "Facade renovation",
    description: "The walls take a lighter tint of the owner's colour.",
    price: 120,
    fee: 6,
    tax: 2.99,
    total: 128.99,
    durationSeconds: 3600,
    available: true,
    reason: null,
  },
};

const visa = {
  paymentMethodId: "pm_visa",
  cardScheme: "visa",
  maskedCard: "•••• •••• •••• 4242",
  last4: "4242",
  expiryMonth: 12,
  expiryYear: 2031,
  nameOnCard: "Ada Lovelace",
  isDefault: true,
};

const developing = {
  message: "Facade renovation of Flatiron Building has begun: it takes 1 hour.",
  development: { level: 0, constructing: true, kind: "facade", completesAt: 1_900_000_000 },
  buildingId: "way/1",
  total: 128.99,
  paymentIntentId: "pi_1",
};

beforeEach(() => signIn());

describe("Development Review", () => {
  it("shows the cost, fee, tax, total and time, says all sales are final, and pays only once confirmed", async () => {
    const user = userEvent.setup();
    const calls = fakeServer(({ method, path }) => {
      if (path === "/config") return ok({ paymentProvider: "sandbox", supportEmail: "help@mx.test" });
      if (path === "/users/get/payment/method") return ok({ cardList: [visa] });
      if (method === "POST" && path === "/properties/develop") return ok(developing);
      return refused(404, "Not found.");
    });
    renderRoute(<DevelopReviewRoute />, "/develop-review", state);

    const summary = screen.getByRole("region", { name: "Flatiron Building" });
    expect(within(summary).getByText("Facade renovation · Level 1 of 4")).toBeTruthy();
    expect(
      within(summary)
        .getAllByRole("definition")
        .map((d) => d.textContent),
    ).toEqual(["1 hour", "$120.00", "$2.99", "$6.00", "$128.99"]);
    await user.click(await screen.findByRole("button", { name: "Continue to Pay" }));
    const confirm = screen.getByRole("dialog", { name: "Confirm Purchase" });
    expect(confirm).toHaveTextContent("You are developing Facade renovation of Flatiron Building.");
    expect(confirm).toHaveTextContent("All sales are final: once construction starts it cannot be cancelled");
    expect(calls.some((call) => call.path === "/properties/develop")).toBe(false);
    await user.click(within(confirm).getByRole("button", { name: "Pay $128.99" }));

    const alert = await screen.findByRole("alertdialog");
    expect(alert).toHaveTextContent("Facade renovation of Flatiron Building has begun");
    const develop = calls.find((call) => call.path === "/properties/develop");
    expect(develop?.body).toEqual({ propertyId: "prop-1", kind: "facade", paymentMethodId: "pm_visa" });
    expect(develop?.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows the server's refusal, and nothing is built", async () => {
    const user = userEvent.setup();
    fakeServer(({ method, path }) => {
      if (path === "/config") return ok({ paymentProvider: "sandbox", supportEmail: "help@mx.test" });
      if (path === "/users/get/payment/method") return ok({ cardList: [visa] });
      if (method === "POST" && path === "/properties/develop")
        return refused(409, "This building is for sale: cancel the sale before developing it.");
      return refused(404, "Not found.");
    });
    renderRoute(<DevelopReviewRoute />, "/develop-review", state);
    await user.click(await screen.findByRole("button", { name: "Continue to Pay" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Confirm Purchase" })).getByRole("button", { name: /^Pay / }),
    );
    expect(await screen.findByRole("alertdialog")).toHaveTextContent(
      "This building is for sale: cancel the sale before developing it.",
    );
  });
});
