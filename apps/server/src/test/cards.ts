import type { TestApp } from "./harness";

export const TEST_CARDS = {
  visa: "4242 4242 4242 4242",
  mastercard: "5555 5555 5555 4444",
  amex: "3782 822463 10005",
  discover: "6011 1111 1111 1117",
  declined: "4000 0000 0000 0002",
  insufficientFunds: "4000 0000 0000 9995",
  visaDebit: "4000 0566 5566 5556",
  /** Stripe's 3-D Secure test card: every one-off payment needs the bank's check. */
  authenticate: "4000 0025 0000 3155",
} as const;

const nextYear = new Date().getUTCFullYear() + 1;

/** Tokenises a card with the sandbox, as the browser does. */
export async function tokenise(
  t: TestApp,
  number: string,
  extra: Partial<{ cvc: string; expMonth: number; expYear: number }> = {},
) {
  const res = await t.call("POST", "/api/v1/sandbox/tokens", {
    body: {
      number,
      expMonth: 4,
      expYear: nextYear,
      cvc: number.startsWith("37") ? "1234" : "123",
      name: "Test Player",
      ...extra,
    },
  });
  return res;
}

/** Tokenises and adds a card; returns its payment method id. */
export async function addCard(t: TestApp, token: string, number: string = TEST_CARDS.visa): Promise<string> {
  const tok = await tokenise(t, number);
  if (tok.statusCode !== 200) throw new Error(`tokenise: ${tok.body}`);
  const res = await t.call("POST", "/api/v1/users/create/payment/method", {
    token,
    body: {
      token: tok.json().data.id,
      last4: tok.json().data.card.last4,
      brand: tok.json().data.card.brand,
      isDefault: true,
    },
  });
  if (res.statusCode !== 201) throw new Error(`add card: ${res.body}`);
  return res.json().data.card.paymentMethodId;
}
