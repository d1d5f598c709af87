import { z } from "zod";
import { CURRENCY } from "../constants";
import { ProofFields } from "./auth";
import { decimal } from "./common";

/**
 * Payouts. Amounts the API shows are dollars with two decimals (like price and bidAmount); the one amount the
 * client sends in cents is the instant payout's `amount`, so the balance also carries `availableCents`
 * (docs/decisions/0001-money-in-integer-cents.md).
 */

/** A payout card: a debit card attached to the player's connected account as an external account. */
export const PayoutCard = z.object({
  /** The external account's id at the processor (`card_…`). */
  id: z.string(),
  /** The connected account the card belongs to (`acct_…`); empty when unknown. */
  account: z.string(),
  /** Lower-case scheme: visa, mastercard, …; screens show it upper-cased. */
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  /** "debit" for every card that can receive payouts. */
  funding: z.string(),
  /** The processor's `default_for_currency`: where standard and instant payouts go. */
  isDefault: z.boolean(),
  /** Whether instant payouts can go to this card (its `available_payout_methods` include `instant`). */
  instantAvailable: z.boolean(),
});
export type PayoutCard = z.infer<typeof PayoutCard>;
export const PayoutCardListData = z.object({ response: z.array(PayoutCard) });

/**
 * GET users/stripe/payout-account: where the player's payout account stands. `not_connected`: none yet;
 * `reconnect`: one made before the platform managed payout accounts, no longer used; `onboarding`: started, not
 * finished; `action_required`: connected, and Stripe needs more (payouts paused when `payoutsEnabled` is false);
 * `connected`: nothing due.
 */
const PayoutAccountStatus = z.enum([
  "not_connected",
  "reconnect",
  "onboarding",
  "action_required",
  "connected",
]);
export const PayoutAccountData = z.object({
  status: PayoutAccountStatus,
  payoutsEnabled: z.boolean(),
  /** Stripe's requirement fields still due ("individual.verification.document"). */
  requirementsDue: z.array(z.string()),
  /** The same, in the player's words, each once. */
  needs: z.array(z.string()),
  /** What to tell the player; null when nothing needs doing. */
  message: z.string().nullable(),
});
export type PayoutAccountData = z.infer<typeof PayoutAccountData>;
export type PayoutCardListData = z.infer<typeof PayoutCardListData>;
export const PayoutCardData = z.object({ data: PayoutCard });

const Token = z.string().trim().min(1, { error: "is required" }).max(255);

/**
 * POST users/stripe/external/account/details/v1: `accountId` and `externalAccount` (the client's payload), or
 * `accountId` and `tokenId` (what the payout card list sends). The token is a sandbox or Stripe card token.
 */
export const AddPayoutCardBody = z
  .strictObject({
    accountId: z.string().trim().max(255).optional(),
    externalAccount: Token.optional(),
    tokenId: Token.optional(),
    ...ProofFields,
  })
  .refine((body) => body.externalAccount !== undefined || body.tokenId !== undefined, {
    error: "is required",
    path: ["externalAccount"],
  });
export type AddPayoutCardBody = z.infer<typeof AddPayoutCardBody>;

/** PUT users/setDefaultSubaccount: `AccountId` is the payout card's id. */
export const SetDefaultPayoutCardBody = z.strictObject({
  AccountId: z.string().trim().min(1, { error: "is required" }).max(255),
  defaultCard: z.literal(true, { error: "must be true" }).default(true),
  ...ProofFields,
});

/** POST users/manual-payout: no body, or the fresh proof the first payout after a password reset needs. */
export const ManualPayoutBody = z.strictObject({ ...ProofFields }).nullish();

const PAYOUT_STATUSES = ["pending", "paid", "failed"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** A payout history item (id, amount, currency, status, automatic), with what the table shows beside it. */
export const PayoutHistoryItem = z.object({
  id: z.string(),
  /** Dollars taken from the balance. */
  amount: z.number(),
  /** Dollars kept as the fee (1.00 for an instant payout, 0 otherwise). */
  fee: z.number(),
  /** Dollars sent to the card or bank: amount − fee. */
  netAmount: z.number(),
  currency: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  /** Made by the daily automatic payout, not by the player. */
  automatic: z.boolean(),
  method: z.enum(["standard", "instant"]),
  /** "VISA •••• 5556" for a payout to a card; null for the account's bank. */
  destination: z.string().nullable(),
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
});
export type PayoutHistoryItem = z.infer<typeof PayoutHistoryItem>;

const PAYOUT_TYPES = ["manual", "automatic"] as const;
export type PayoutType = (typeof PAYOUT_TYPES)[number];

export const PayoutDetailsQuery = z.strictObject({
  limit: decimal(z.number().int().min(1, { error: "must be at least 1" }).max(100)).default(50),
  offset: decimal(z.number().int().min(0, { error: "must be 0 or more" })).default(0),
});

export const PayoutDetailsData = z.object({
  response: z.object({
    payouts: z.array(PayoutHistoryItem),
    totalCount: z.number().int(),
    payoutType: z.enum(PAYOUT_TYPES),
  }),
});
export type PayoutDetailsData = z.infer<typeof PayoutDetailsData>;

/** A sale's proceeds not yet withdrawable: they clear some time after the buyer's payment. */
export const ClearingProceeds = z.object({
  /** Dollars. */
  amount: z.number(),
  amountCents: z.number().int(),
  buildingId: z.string().nullable(),
  /** The building's name when it was sold; null for a row of no building. */
  building: z.string().nullable(),
  /** ISO 8601: when they become withdrawable. */
  clearsAt: z.string(),
});
export type ClearingProceeds = z.infer<typeof ClearingProceeds>;

/** GET users/balance: what the player may withdraw now, what is still clearing, and what is on its way. */
export const Balance = z.object({
  /** Dollars. */
  availableAmount: z.number(),
  /** The same, in cents: what an instant payout of everything sends as `amount`. */
  availableCents: z.number().int(),
  /** Dollars in payouts not yet paid. */
  pendingAmount: z.number(),
  currency: z.string(),
  /** Dollars an instant payout costs. */
  instantPayoutFee: z.number(),
  /** Dollars of sales' proceeds not yet withdrawable (not in the available amount). */
  clearingAmount: z.number(),
  clearingCents: z.number().int(),
  /** Each sale's proceeds still clearing, the soonest to clear first. */
  clearing: z.array(ClearingProceeds),
});
export type Balance = z.infer<typeof Balance>;
export const BalanceData = z.object({ response: Balance });

export const EditPayoutBody = z.strictObject({ type: z.enum(PAYOUT_TYPES) });
export const EditPayoutData = z.object({ payoutType: z.enum(PAYOUT_TYPES) });

/**
 * POST users/instant-payout-card: `amount` in cents, taken from the balance; the fee comes out of it
 * (docs/decisions/0007-instant-payout-checks.md).
 */
export const InstantPayoutBody = z.strictObject({
  amount: z
    .number()
    .int({ error: "must be a whole number of cents" })
    .positive({ error: "must be greater than 0" }),
  currency: z.literal(CURRENCY, { error: 'must be "usd"' }).default(CURRENCY),
  /** A payout card of the player's; the default one when left out. */
  cardId: z.string().trim().min(1).max(255).optional(),
  ...ProofFields,
  /** Sent by some clients; the server knows the player's accounts and does not use it. */
  customerId: z.string().max(255).optional(),
});
export type InstantPayoutBody = z.infer<typeof InstantPayoutBody>;

export const PayoutReplyData = z.object({ message: z.string(), payout: PayoutHistoryItem });
export type PayoutReplyData = z.infer<typeof PayoutReplyData>;
