import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeServer, ok, refused, renderRoute, signIn } from "../../../test/render-route";
import { AddCardRoute } from "./add-card-route";

beforeEach(() => signIn());

describe("Add Card on the sandbox", () => {
  it("loads the sandbox's card form once the config names it, and saves the card it tokenises", async () => {
    const user = userEvent.setup();
    const calls = fakeServer(({ method, path }) => {
      if (path === "/config") return ok({ paymentProvider: "sandbox", supportEmail: "help@mx.test" });
      if (method === "POST" && path === "/sandbox/tokens") {
        return ok({ id: "tok_1", card: { brand: "Visa", last4: "4242", expMonth: 12, expYear: 2034 } });
      }
      if (method === "POST" && path === "/users/create/payment/method") return ok(null);
      return refused(404, "Not found.");
    });
    renderRoute(<AddCardRoute />, "/Add-Card");

    // Until the config and the form's own chunk have arrived, a spoken loading state stands in.
    expect(screen.getByRole("status")).toHaveTextContent("Loading…");
    await user.type(await screen.findByLabelText("Cardholder name"), "Ada Lovelace");
    await user.type(screen.getByLabelText("Card number"), "4242424242424242");
    await user.type(screen.getByLabelText("Expiry (MM / YY)"), "1234");
    await user.type(screen.getByLabelText("CVC"), "123");
    await user.click(screen.getByRole("button", { name: "Add Card" }));

    await screen.findByText("Elsewhere");
    const token = calls.find((call) => call.path === "/sandbox/tokens");
    expect(token?.body).toEqual({
      number: "4242424242424242",
      expMonth: 12,
      expYear: 2034,
      cvc: "123",
      name: "Ada Lovelace",
    });
    const saved = calls.find((call) => call.path === "/users/create/payment/method");
    expect(saved?.body).toEqual({ token: "tok_1", last4: "4242", brand: "visa", isDefault: true });
  });
});
