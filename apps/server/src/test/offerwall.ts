import { randomUUID } from "node:crypto";
import { GENERIC_PARAMS, signGeneric } from "@mx/processors/offer-wall";
import { signedPlayerId } from "../modules/offerwall/providers";
import type { TestApp } from "./harness";

/** The secret the sandbox partner running in the test app signs its postbacks with. */
export function sandboxSecret(t: TestApp): string {
  const partner = t.app.deps.offerWallPartner;
  if (!partner) throw new Error("the test app runs no offer-wall partner");
  return partner.secret;
}

/** A sandbox partner's signed postback for `userId`, as the URL path and query the partner would call. */
export function sandboxPostbackUrl(
  t: TestApp,
  userId: string,
  cents: number,
  options: { transactionId?: string; reversal?: boolean; offerName?: string } = {},
): string {
  const { config } = t.app.deps;
  const params = signGeneric(
    {
      [GENERIC_PARAMS.user]: signedPlayerId(config, userId),
      [GENERIC_PARAMS.amount]: String(cents),
      [GENERIC_PARAMS.transaction]: options.transactionId ?? `tx_${randomUUID()}`,
      [GENERIC_PARAMS.offer]: options.offerName ?? "Test offer",
      [GENERIC_PARAMS.timestamp]: String(Math.floor(Date.now() / 1000)),
      ...(options.reversal ? { [GENERIC_PARAMS.reversal]: "1" } : {}),
    },
    sandboxSecret(t),
  );
  return `/api/v1/offerwall/postback/sandbox?${new URLSearchParams(params)}`;
}

/** Gives a player credits the way a partner does: a signed postback. */
export async function giveCredits(t: TestApp, userId: string, cents: number, transactionId?: string) {
  const res = await t.call("GET", sandboxPostbackUrl(t, userId, cents, { transactionId }));
  if (res.statusCode !== 200) throw new Error(`postback: ${res.statusCode} ${res.body}`);
  return res;
}

/** The player's credits in dollars, as the API reports them. */
export async function creditsOfPlayer(t: TestApp, token: string) {
  const res = await t.call("GET", "/api/v1/offerwall/credits", { token });
  if (res.statusCode !== 200) throw new Error(`credits: ${res.body}`);
  return res.json().data as { balance: number; usable: number; debt: number; usableFrom: string | null };
}
