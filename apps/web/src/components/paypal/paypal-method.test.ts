import { describe, expect, it } from "vitest";
import { statusNote } from "../../features/bids/bid-list";
import { cardOnFileLabel } from "../../lib/card-labels";
import { isPaypalAction, PAYPAL_CARD } from "./paypal-method";

describe("PayPal where a card would be", () => {
  it("is named PayPal on the confirmation dialogs, and a card keeps its brand and last 4", () => {
    expect(cardOnFileLabel(PAYPAL_CARD)).toBe("PayPal");
    expect(cardOnFileLabel({ cardScheme: "visa", last4: "4242" })).toBe("VISA •••• 4242");
  });

  it("tells a PayPal approval from a bank's check by the payment's id", () => {
    expect(isPaypalAction({ paymentIntentId: "paypal_5O190127TN364715T" })).toBe(true);
    expect(isPaypalAction({ paymentIntentId: "pi_3MtwBwLkdIwHu7ix28a3tqPa" })).toBe(false);
  });

  it("says PayPal, not card, in My Bids for a bid held by PayPal", () => {
    expect(statusNote({ status: "pending", failure: null, paidWith: "paypal" }, "bidder")).toBe(
      "Your PayPal is on hold for the total.",
    );
    expect(statusNote({ status: "failed", failure: null, paidWith: "paypal" }, "owner")).toBe(
      "The bidder's PayPal could not be held.",
    );
    expect(statusNote({ status: "pending", failure: null, paidWith: "card" }, "bidder")).toBe(
      "Your card is on hold for the total.",
    );
  });
});
