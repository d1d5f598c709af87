import { errors } from "@mx/shared/messages";
import type { ActionRequiredData, PublicConfig } from "@mx/shared/schemas/payments";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { type ApiEnvelope, ApiError, type PaymentReply } from "../../lib/api-client";
import { configKey, getConfig } from "../../lib/payment-config";
import { stripeFor } from "../card-entry/stripe";
import { isPaypalAction } from "../paypal/paypal-method";
import {
  BankCheckCancelled,
  type BankCheckStep,
  type ConfirmWithBank,
  runBankCheck,
  sandboxBankPage,
} from "./confirm-with-bank";

/** What the dialog shows: the step, and whose check it is (the sandbox's page in a frame, or Stripe.js's window). */
export type BankCheckView = BankCheckStep & {
  provider: PublicConfig["paymentProvider"];
  /** Set for a PayPal order waiting for the payer: the sandbox's approval page, or PayPal's buttons. */
  paypal?: PublicConfig["paypal"];
};

/**
 * The bank's check (3-D Secure) for a screen that charges or holds a card: `confirmWithBank(action)` opens it for a
 * 202 reply and settles with the finished call. The screen renders `<BankCheckDialog>` while `view` is set.
 * With the sandbox the bank's page is framed and its answer is the frame's next load; with Stripe, Stripe.js's
 * `handleNextAction` shows the bank's window. Either way the server reads the payment again before anything is
 * owned or placed.
 */
export function useBankCheck() {
  const queryClient = useQueryClient();
  const [view, setView] = useState<BankCheckView | null>(null);
  const waiter = useRef<{ resolve: () => void; reject: (cause: Error) => void } | null>(null);

  const wait = useCallback(
    () =>
      new Promise<void>((resolve, reject) => {
        waiter.current = { resolve, reject };
      }),
    [],
  );
  /** The player answered the bank's page (the sandbox frame loaded again), or asked for Stripe's window again. */
  const answer = useCallback(() => {
    const current = waiter.current;
    waiter.current = null;
    current?.resolve();
  }, []);
  const cancel = useCallback(() => {
    const current = waiter.current;
    waiter.current = null;
    current?.reject(new BankCheckCancelled());
  }, []);

  // Leaving the screen gives the check up; the server lets the held payment go later.
  useEffect(() => cancel, [cancel]);

  const confirmWithBank: ConfirmWithBank = useCallback(
    async <T>(
      action: ActionRequiredData,
      confirm?: (action: ActionRequiredData) => Promise<PaymentReply<T>>,
    ): Promise<ApiEnvelope<T>> => {
      const config = await queryClient.ensureQueryData({
        queryKey: configKey,
        queryFn: ({ signal }) => getConfig(signal),
        staleTime: Number.POSITIVE_INFINITY,
      });
      const { paymentProvider: provider } = config;
      try {
        return await runBankCheck<T>(
          action,
          {
            show: (step) =>
              setView({
                ...step,
                provider,
                ...(isPaypalAction(step.action) ? { paypal: config.paypal } : {}),
              }),
            answered: async (step) => {
              // PayPal's approval: the sandbox's framed page or PayPal's buttons answer in the dialog.
              if (isPaypalAction(step.action)) return wait();
              if (provider === "sandbox") {
                if (!sandboxBankPage(step.action)) throw new ApiError("", 0, "NO_BANK_PAGE");
                return wait();
              }
              // Stripe's window opens by itself the first time; after an unfinished check, when the player asks.
              if (step.attempt > 1) await wait();
              const stripe = await stripeFor(config.publishableKey);
              if (!stripe) throw new ApiError(errors.stripeNotLoaded, 0, "STRIPE_NOT_LOADED");
              // Whatever Stripe.js reports, the server reads the payment again and decides; Cancel still ends it.
              await Promise.race([
                stripe.handleNextAction({ clientSecret: step.action.clientSecret }).catch(() => undefined),
                wait(),
              ]);
            },
          },
          confirm,
        );
      } finally {
        waiter.current = null;
        setView(null);
      }
    },
    [queryClient, wait],
  );

  return { confirmWithBank, view, answer, cancel };
}
