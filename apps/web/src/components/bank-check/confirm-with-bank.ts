import { API_BASE } from "@mx/shared/routes";
import type { ActionRequiredData } from "@mx/shared/schemas/payments";
import { type ApiEnvelope, ApiError, type PaymentReply, paymentRequest } from "../../lib/api-client";
import { newIdempotencyKey } from "../../lib/idempotency-key";

/** The player closed the bank's check: nothing was confirmed, and the server lets the held payment go later. */
export class BankCheckCancelled extends Error {
  constructor() {
    super("The bank's check was cancelled.");
    this.name = "BankCheckCancelled";
  }
}

export const isBankCheckCancelled = (cause: unknown): cause is BankCheckCancelled =>
  cause instanceof BankCheckCancelled;

/**
 * Takes the player through their bank's check for a 202 reply, then finishes the call: resolves with the reply the
 * call would have given with 200, or throws its refusal (or BankCheckCancelled).
 */
export type ConfirmWithBank = <T>(
  action: ActionRequiredData,
  /** How the confirm is sent; signed in by default (the shop's PayPal checkout confirms without a session). */
  confirm?: (action: ActionRequiredData) => Promise<PaymentReply<T>>,
) => Promise<ApiEnvelope<T>>;

/** Where the player is in the bank's check; `attempt` counts the bank's checks shown for this payment. */
export type BankCheckStep =
  | { name: "bank"; action: ActionRequiredData; attempt: number }
  | { name: "confirming"; action: ActionRequiredData; attempt: number };

export interface BankCheckDriver {
  /** Shows the step to the player. */
  show: (step: BankCheckStep) => void;
  /** Resolves once the player has answered their bank; rejects with BankCheckCancelled if they give up. */
  answered: (step: BankCheckStep) => Promise<void>;
}

/** The sandbox's bank page for the payment: framed only when it is a page of this origin. */
export function sandboxBankPage(action: ActionRequiredData): string | null {
  const url = action.nextActionUrl;
  return url?.startsWith("/") && !url.startsWith("//") && !url.includes("\\") ? url : null;
}

/**
 * POST {confirmPath} {confirmBody}: the server reads the payment again and finishes, or answers 202 while the bank's
 * check is still open. Each attempt has a key of its own: a repeat of the same key would only replay the first answer.
 */
export function confirmPayment<T>(action: ActionRequiredData): Promise<PaymentReply<T>> {
  // The server names the full path; the client adds the API's base itself. Nothing outside the API is ever called.
  if (!action.confirmPath.startsWith(`${API_BASE}/`)) {
    return Promise.reject(new ApiError("", 0, "BAD_CONFIRM_PATH"));
  }
  return paymentRequest<T>(action.confirmPath.slice(API_BASE.length), {
    method: "POST",
    body: action.confirmBody,
    auth: true,
    headers: { "Idempotency-Key": newIdempotencyKey() },
  });
}

/**
 * The bank's check, then the confirm, again while the server says the check is still open (the player answers a
 * fresh check each time, so this never spins on its own).
 */
export async function runBankCheck<T>(
  first: ActionRequiredData,
  driver: BankCheckDriver,
  confirm: (action: ActionRequiredData) => Promise<PaymentReply<T>> = confirmPayment,
): Promise<ApiEnvelope<T>> {
  let action = first;
  for (let attempt = 1; ; attempt += 1) {
    const bank: BankCheckStep = { name: "bank", action, attempt };
    driver.show(bank);
    await driver.answered(bank);
    driver.show({ name: "confirming", action, attempt });
    const answer = await confirm(action);
    if (!answer.requiresAction) return answer.reply;
    action = answer.action;
  }
}
