import type { ActionRequiredData } from "@mx/shared/schemas/payments";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, type PaymentReply } from "../../lib/api-client";
import {
  BankCheckCancelled,
  type BankCheckStep,
  confirmPayment,
  isBankCheckCancelled,
  runBankCheck,
  sandboxBankPage,
} from "./confirm-with-bank";

const purchaseId = "8b0a5a43-3b1a-4f0e-9d59-0f0b7d3c7a11";
const actionFor = (intent: string): ActionRequiredData => ({
  requiresAction: true,
  paymentIntentId: intent,
  clientSecret: `${intent}_secret_x`,
  nextActionUrl: `/sandbox/challenge/${intent}`,
  confirmPath: "/api/v1/properties/buy/confirm",
  confirmBody: { purchaseId },
});
const bought = { message: "You now own X.", property: { name: "X" } };
const done = (data = bought): PaymentReply<typeof bought> => ({
  requiresAction: false,
  reply: { statusCode: 200, message: data.message, data },
});

/** A player who answers every bank's check at once, and a record of what the dialog was asked to show. */
function player(answer: (step: BankCheckStep) => Promise<void> = async () => {}) {
  const shown: Array<[string, string, number]> = [];
  return {
    shown,
    driver: {
      show: (step: BankCheckStep) => shown.push([step.name, step.action.paymentIntentId, step.attempt]),
      answered: answer,
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("runBankCheck", () => {
  it("shows the bank's check, then confirms, and ends with the reply a 200 would have given", async () => {
    const { shown, driver } = player();
    const confirm = vi.fn(async () => done());
    const reply = await runBankCheck(actionFor("pi_1"), driver, confirm);
    expect(reply.data).toEqual(bought);
    expect(shown).toEqual([
      ["bank", "pi_1", 1],
      ["confirming", "pi_1", 1],
    ]);
    expect(confirm).toHaveBeenCalledWith(actionFor("pi_1"));
  });

  it("shows the bank's check again while the server says it is still open", async () => {
    const { shown, driver } = player();
    const confirm = vi
      .fn<(action: ActionRequiredData) => Promise<PaymentReply<typeof bought>>>()
      .mockResolvedValueOnce({ requiresAction: true, action: actionFor("pi_1") })
      .mockResolvedValueOnce(done());
    expect((await runBankCheck(actionFor("pi_1"), driver, confirm)).data).toEqual(bought);
    expect(shown).toEqual([
      ["bank", "pi_1", 1],
      ["confirming", "pi_1", 1],
      ["bank", "pi_1", 2],
      ["confirming", "pi_1", 2],
    ]);
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it("confirms nothing when the player cancels", async () => {
    const { driver } = player(() => Promise.reject(new BankCheckCancelled()));
    const confirm = vi.fn(async () => done());
    const failure = await runBankCheck(actionFor("pi_1"), driver, confirm).catch((cause: unknown) => cause);
    expect(isBankCheckCancelled(failure)).toBe(true);
    expect(confirm).not.toHaveBeenCalled();
  });

  it("throws the server's refusal when the bank's check failed", async () => {
    const { driver } = player();
    const refusal = new ApiError(
      "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
      402,
      "CARD_DECLINED",
    );
    await expect(runBankCheck(actionFor("pi_1"), driver, () => Promise.reject(refusal))).rejects.toBe(
      refusal,
    );
  });
});

describe("confirmPayment", () => {
  it("posts the confirm body to the confirm route, signed in, with a new Idempotency-Key each time", async () => {
    vi.stubGlobal("window", { localStorage: { getItem: () => "token-1" } });
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ statusCode: 200, message: bought.message, data: bought }), {
          status: 200,
        }),
    );
    vi.stubGlobal("fetch", fetch);
    expect(await confirmPayment(actionFor("pi_1"))).toEqual(done());
    await confirmPayment(actionFor("pi_1"));

    const [[url, first], [, second]] = fetch.mock.calls as Array<[string, RequestInit]>;
    expect(url).toBe("/api/v1/properties/buy/confirm");
    expect(first.method).toBe("POST");
    expect(JSON.parse(String(first.body))).toEqual({ purchaseId });
    const headers = (init: RequestInit) => init.headers as Record<string, string>;
    expect(headers(first).Authorization).toBe("Bearer token-1");
    expect(headers(first)["Idempotency-Key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers(second)["Idempotency-Key"]).not.toBe(headers(first)["Idempotency-Key"]);
  });

  it("never calls anything outside the API", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    await expect(
      confirmPayment({ ...actionFor("pi_1"), confirmPath: "https://elsewhere.example/confirm" }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("sandboxBankPage", () => {
  it("frames only a page of this origin", () => {
    expect(sandboxBankPage(actionFor("pi_1"))).toBe("/sandbox/challenge/pi_1");
    for (const nextActionUrl of ["https://bank.example/3ds", "//bank.example/3ds", "/\\bank.example", null]) {
      expect(sandboxBankPage({ ...actionFor("pi_1"), nextActionUrl })).toBeNull();
    }
  });
});
