import { randomUUID } from "node:crypto";
import type { Db } from "../db/client";
import { accounts, balanceOf, postJournal } from "../modules/ledger/ledger";
import { TEST_CARDS, tokenise } from "./cards";
import { signUp, type TestApp } from "./harness";

/** Walks the sandbox onboarding like a browser: the link, the form, the return. */
export async function onboard(t: TestApp, token: string): Promise<void> {
  const start = await t.call("GET", "/api/v1/users/stripe/onboarding", { token });
  const redirectLink = start.json().data.redirectLink as string | null;
  if (!redirectLink) return;
  const link = new URL(redirectLink);
  const form = new URLSearchParams({
    account: link.searchParams.get("account") ?? "",
    return_url: link.searchParams.get("return_url") ?? "",
    legal_name: "Test Seller",
  });
  const submitted = await t.call("POST", "/sandbox/onboarding", {
    body: form.toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  if (submitted.statusCode !== 303) throw new Error(`onboarding: ${submitted.body}`);
  const back = new URL(String(submitted.headers.location));
  await t.call("GET", `${back.pathname}${back.search}`);
}

/** A signed-up player whose payout account is connected. */
export async function connectedPlayer(t: TestApp) {
  const player = await signUp(t);
  await onboard(t, player.token);
  return player;
}

/** Tokenises a card with the sandbox and adds it as a payout card; returns the reply. */
export async function addPayoutCard(t: TestApp, token: string, number: string = TEST_CARDS.visaDebit) {
  const tok = await tokenise(t, number);
  if (tok.statusCode !== 200) throw new Error(`tokenise: ${tok.body}`);
  return t.call("POST", "/api/v1/users/stripe/external/account/details/v1", {
    token,
    body: { externalAccount: tok.json().data.id },
  });
}

/** Earnings as a sale makes them: money in from a buyer's card, to the seller's earnings. */
export async function creditEarnings(db: Db, userId: string, cents: number): Promise<void> {
  await db.transaction((tx) =>
    postJournal(tx, {
      kind: "sale",
      reference: randomUUID(),
      entries: [
        { account: accounts.cardFunding, amountCents: -cents },
        { account: accounts.earnings(userId), amountCents: cents },
      ],
    }),
  );
}

export const earningsOf = (db: Db, userId: string) => balanceOf(db, accounts.earnings(userId));

/** A debit card every payout to which fails (the sandbox's payout-failure test card). */
export const FAILING_PAYOUT_CARD = "4000 0000 0000 5126";
export const MASTERCARD_DEBIT = "5200 8282 8282 8210";
