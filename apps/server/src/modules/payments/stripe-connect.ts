import type { PaymentGateway } from "@mx/processors/gateway";
import type Stripe from "stripe";
import { call } from "./stripe-call";
import { collectionOf } from "./stripe-convert";

/** The stripe adapter's Connect side: the players' connected accounts and their hosted onboarding. */
export function stripeConnect(
  stripe: Stripe,
): Pick<PaymentGateway, "createConnectedAccount" | "createAccountLink" | "retrieveAccount"> {
  return {
    createConnectedAccount: ({ email, userId }) =>
      call(async () => {
        const account = await stripe.accounts.create({
          // An account the platform manages (what Custom accounts were): the platform collects its requirements
          // (through Stripe's hosted onboarding), so it may add and change the account's payout cards; the player
          // never signs in to Stripe; the platform pays Stripe's fees and answers for negative balances.
          controller: {
            requirement_collection: "application",
            stripe_dashboard: { type: "none" },
            fees: { payer: "application" },
            losses: { payments: "application" },
          },
          email,
          metadata: { userId },
          capabilities: { transfers: { requested: true } },
          // Payouts are made by us, one per withdrawal, right after the transfer that funds it.
          settings: { payouts: { schedule: { interval: "manual" } } },
        });
        return {
          id: account.id,
          requirementCollection: collectionOf(account) ?? "application",
        };
      }),

    createAccountLink: ({ accountId, returnUrl, refreshUrl }) =>
      call(async () => {
        const link = await stripe.accountLinks.create({
          account: accountId,
          return_url: returnUrl,
          refresh_url: refreshUrl,
          type: "account_onboarding",
        });
        return { url: link.url };
      }),

    retrieveAccount: (accountId) =>
      call(async () => {
        const account = await stripe.accounts.retrieve(accountId);
        const due = new Set([
          ...(account.requirements?.past_due ?? []),
          ...(account.requirements?.currently_due ?? []),
        ]);
        return {
          id: account.id,
          detailsSubmitted: account.details_submitted === true,
          payoutsEnabled: account.payouts_enabled === true,
          requirementCollection: collectionOf(account),
          requirementsDue: [...due],
        };
      }),
  };
}
