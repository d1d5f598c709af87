import { CardListData } from "@mx/shared/schemas/payments";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, errorMessage, paymentRequest } from "./api-client";

const action = {
  requiresAction: true,
  paymentIntentId: "pi_1",
  clientSecret: "pi_1_secret_x",
  nextActionUrl: "/sandbox/challenge/pi_1",
  confirmPath: "/api/v1/properties/buy/confirm",
  confirmBody: { purchaseId: "8b0a5a43-3b1a-4f0e-9d59-0f0b7d3c7a11" },
};

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

beforeEach(() => {
  vi.stubGlobal("window", { localStorage: { getItem: () => "token-1" } });
});
afterEach(() => vi.unstubAllGlobals());

describe("paymentRequest", () => {
  it("hands back a 200 reply as done", async () => {
    answer(200, { statusCode: 200, message: "You now own X.", data: { message: "You now own X." } });
    const reply = await paymentRequest<{ message: string }>("/properties/buy", {
      method: "POST",
      auth: true,
    });
    expect(reply).toEqual({
      requiresAction: false,
      reply: { statusCode: 200, message: "You now own X.", data: { message: "You now own X." } },
    });
  });

  it("reads a 202 as the bank's check to run", async () => {
    answer(202, { statusCode: 202, message: "Your bank asks you to confirm this payment.", data: action });
    expect(await paymentRequest("/properties/buy", { method: "POST", auth: true })).toEqual({
      requiresAction: true,
      action,
    });
  });

  it("refuses a 202 that does not say how to confirm, so the screen's own failure text is shown", async () => {
    answer(202, { statusCode: 202, message: "", data: { requiresAction: true } });
    const failure = await paymentRequest("/properties/buy", { method: "POST", auth: true }).catch(
      (cause: unknown) => cause,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(errorMessage(failure, "Failed to buy property")).toBe("Failed to buy property");
  });

  it("throws the server's refusal with its message", async () => {
    answer(402, { statusCode: 402, code: "CARD_DECLINED", message: "Your card has insufficient funds." });
    await expect(paymentRequest("/properties/buy", { method: "POST", auth: true })).rejects.toMatchObject({
      status: 402,
      message: "Your card has insufficient funds.",
    });
  });
});

describe("apiRequest with a response schema", () => {
  const card = {
    id: "pm_1",
    paymentMethodId: "pm_1",
    type: "visa",
    cardScheme: "visa",
    last4: "4242",
    maskedCard: "•••• 4242",
    expMonth: 12,
    expiryMonth: 12,
    expYear: 2030,
    expiryYear: 2030,
    name: "Ada",
    nameOnCard: "Ada",
    isDefault: true,
  };

  it("returns the data as the schema reads it", async () => {
    answer(200, { statusCode: 200, message: "ok", data: { cardList: [card], extra: "dropped" } });
    const reply = await apiRequest("/users/get/payment/method", { auth: true, schema: CardListData });
    expect(reply.data.cardList[0]?.last4).toBe("4242");
    expect(reply.data).not.toHaveProperty("extra");
  });

  it("refuses a reply that does not match, so the screen shows its own fallback", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    answer(200, { statusCode: 200, message: "ok", data: { cardList: [{ ...card, last4: 4242 }] } });
    const failure = await apiRequest("/users/get/payment/method", { auth: true, schema: CardListData }).catch(
      (cause: unknown) => cause,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe("BAD_REPLY");
    expect(errorMessage(failure, "Failed to load payment methods")).toBe("Failed to load payment methods");
  });
});
