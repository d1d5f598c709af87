import { AppError } from "@mx/kit/errors";
import { CardError, GatewayRequestError } from "@mx/processors/gateway";
import { describe, expect, it } from "vitest";
import { refusedAsDisputed } from "./disputed-refund";

describe("a refund refused because its charge is disputed", () => {
  it("is told by Stripe's code (the sandbox's too) and by PayPal's issue", () => {
    expect(
      refusedAsDisputed(new GatewayRequestError("charge_disputed", "The charge has been disputed.")),
    ).toBe(true);
    expect(
      refusedAsDisputed(
        new GatewayRequestError(
          "REFUND_NOT_PERMITTED_DUE_TO_CHARGEBACK",
          "Refunds not allowed on this capture.",
          422,
        ),
      ),
    ).toBe(true);
  });

  it("is not any other refusal", () => {
    expect(refusedAsDisputed(new GatewayRequestError("charge_already_refunded", "Already refunded."))).toBe(
      false,
    );
    expect(refusedAsDisputed(new GatewayRequestError("processor_unavailable", "Not reachable.", 503))).toBe(
      false,
    );
    expect(refusedAsDisputed(new CardError("card_declined", "Your card was declined."))).toBe(false);
    expect(refusedAsDisputed(new AppError("CONFLICT", "charge_disputed"))).toBe(false);
  });
});
