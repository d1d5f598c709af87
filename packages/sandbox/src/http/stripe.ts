import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  CardError,
  GatewayRequestError,
  type IntentStatus,
  type PaymentGateway,
} from "@mx/processors/gateway";
import type { GatewayExternalAccount } from "@mx/processors/payout-gateway";
import type { ShippingAddress } from "@mx/shared/schemas/shop";
import type { ShippingRate } from "@mx/shared/shop-shipping";
import { and, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import { paySandboxCheckoutSession, setSandboxCheckoutShipping, setSandboxCheckoutTax } from "../checkout";
import {
  createSandboxAccount,
  createSandboxTransfer,
  reverseSandboxTransfer,
  type SandboxAccountChange,
  type SandboxAccountRow,
  type SandboxTransferRow,
  sandboxAccount,
  sandboxTransfer,
  setSandboxPayoutMetadata,
  updateSandboxAccount,
} from "../connect";
import type { Db } from "../db";
import { createSandboxGateway, setSandboxIntentState } from "../gateway";
import {
  attachSandboxPaymentMethod,
  createSandboxPaymentMethod,
  type SandboxPaymentMethodRow,
  sandboxPaymentMethod,
  sharedSandboxTestPaymentMethod,
} from "../payment-methods";
import { STRIPE_COLLECTED_ACCOUNT_REFUSAL } from "../payouts";
import { sandboxCheckoutSessions, sandboxCustomers, sandboxPaymentIntents, sandboxPayouts } from "../schema";
import { CARD_MESSAGES } from "../test-cards";
import { createSandboxTestDatabase } from "../test-database";
import { createSandboxTestToken } from "../tokens";

/**
 * The sandbox's face in Stripe's HTTP shape, for the tests of the `stripe` adapter and the official SDK: a stand-in
 * for api.stripe.com on 127.0.0.1 with just the endpoints that adapter uses, answering Stripe-shaped JSON, and a
 * record of every request it got (form bodies decoded) so tests can assert them exactly.
 *
 * It holds no records of its own: each request is a call on the sandbox processor (its gateway, payouts and
 * checkout, or the sandbox's functions for what Stripe's API offers beyond the product's interface), on a database
 * of the sandbox's tables opened for it (`test-database.ts`), and each reply is the sandbox's rows in Stripe's shape.
 * Stripe's test tokens (`tok_visa`, …) stand for the sandbox's test cards; a `pm_…` a test names without making it
 * is one of Stripe's shared test payment methods, its test Visa.
 */

type RecordedRequest = {
  method: string;
  /** Path and query, e.g. "/v1/payment_intents/pi_1/capture". */
  path: string;
  /** The decoded `application/x-www-form-urlencoded` body, keys as sent ("card[token]"). */
  body: Record<string, string>;
  idempotencyKey: string | null;
  authorization: string | null;
  stripeVersion: string | null;
  /** The connected account a request acts on (`Stripe-Account` header), if any. */
  stripeAccount: string | null;
};

export type CannedReply = { status: number; body: unknown };

type Json = Record<string, unknown>;

export function stripeError(status: number, error: Json): CannedReply {
  return {
    status,
    body: { error: { doc_url: `https://docs.stripe.com/error-codes/${error.code}`, ...error } },
  };
}

export const declined = () =>
  stripeError(402, {
    type: "card_error",
    code: "card_declined",
    decline_code: "generic_decline",
    message: CARD_MESSAGES.card_declined,
  });

export const missing = (kind: string, id: string) =>
  stripeError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${kind}: '${id}'`,
    param: "id",
  });

/** What Stripe may later say of a connected account, in its words. */
type StripeAccountChange = {
  details_submitted?: boolean;
  requirements?: { currently_due?: string[]; past_due?: string[] };
};

export type StripeEmulator = {
  /** "http://127.0.0.1:<port>", for `apiBase`. */
  url: string;
  requests: RecordedRequest[];
  /** The sandbox processor the face speaks for, for a test to make records as another of Stripe's clients would. */
  sandbox: PaymentGateway;
  /** A payment intent as Stripe returns it, or null. */
  intent(id: string): Promise<Json | null>;
  /** The intent as Stripe changes it later (the customer's bank, a refund made elsewhere, the dashboard). */
  updateIntent(
    id: string,
    change: { status?: IntentStatus; amount_received?: number; payment_method?: string },
  ): Promise<void>;
  /** A checkout session as Stripe returns it (with its shipping rate expanded), or null. */
  checkoutSession(id: string): Promise<Json | null>;
  /**
   * The customer pays the session in Stripe's form with its test Visa: the address and rate given first (when it
   * offers rates), and the tax Stripe Tax computed for them (the sandbox's statewide rate on the goods otherwise).
   */
  completeCheckout(
    id: string,
    payment?: { address: ShippingAddress; rate: string; taxCents?: number },
  ): Promise<void>;
  /** A connected account as Stripe returns it to the platform, or null. */
  account(id: string): Promise<Json | null>;
  /** An account made elsewhere (by hand in the dashboard, or the old way, Stripe collecting its requirements). */
  addAccount(
    account: StripeAccountChange & {
      id: string;
      collection: "application" | "stripe";
      email?: string | null;
    },
  ): Promise<void>;
  /** The account as Stripe changes it later (`details_submitted`, `requirements`). */
  updateAccount(id: string, change: StripeAccountChange): Promise<void>;
  /** A payout made on a connected account, as Stripe returns it, or null. */
  payout(id: string): Promise<Json | null>;
  /** The next request to `METHOD path` gets this reply instead of the usual one. */
  replyOnce(method: string, path: string, reply: CannedReply): void;
  reset(): void;
  close(): Promise<void>;
};

const now = () => Math.floor(Date.now() / 1000);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A connected account as Stripe returns it to the platform that controls it. */
export function connectedAccount(
  id: string,
  collection: "application" | "stripe",
  email: string | null = null,
) {
  return {
    id,
    object: "account",
    business_type: null,
    capabilities: { transfers: "inactive" },
    charges_enabled: false,
    controller: {
      fees: { payer: "application" },
      is_controller: true,
      losses: { payments: "application" },
      requirement_collection: collection,
      stripe_dashboard: { type: collection === "application" ? "none" : "express" },
      type: "application",
    },
    country: "US",
    created: now(),
    default_currency: "usd",
    details_submitted: false,
    email,
    external_accounts: {
      object: "list",
      data: [] as Json[],
      has_more: false,
      url: `/v1/accounts/${id}/external_accounts`,
    },
    metadata: {} as Record<string, string>,
    payouts_enabled: false,
    requirements: {
      current_deadline: null,
      currently_due: ["individual.first_name", "individual.last_name", "tos_acceptance.date"],
      disabled_reason: "requirements.past_due" as string | null,
      eventually_due: [] as string[],
      errors: [],
      past_due: ["individual.first_name", "individual.last_name", "tos_acceptance.date"],
      pending_verification: [],
    },
    type: "custom",
  };
}

/** What the emulator says to an external-account change on an account whose requirements Stripe collects. */
export const EXTERNAL_ACCOUNT_REFUSAL = STRIPE_COLLECTED_ACCOUNT_REFUSAL;

/* The sandbox's rows in Stripe's shape. */

type IntentRow = typeof sandboxPaymentIntents.$inferSelect;
type SessionRow = typeof sandboxCheckoutSessions.$inferSelect;
type PayoutRow = typeof sandboxPayouts.$inferSelect;

function renderPaymentMethod(row: SandboxPaymentMethodRow) {
  return {
    id: row.id,
    object: "payment_method",
    type: "card",
    created: seconds(row.createdAt),
    livemode: false,
    customer: row.customerId,
    metadata: {},
    allow_redisplay: "unspecified",
    billing_details: { address: null, email: null, name: row.name, phone: null, tax_id: null },
    card: {
      brand: row.brand,
      display_brand: row.brand,
      country: "US",
      exp_month: row.expMonth,
      exp_year: row.expYear,
      funding: row.funding,
      last4: row.last4,
      fingerprint: `fp_${row.last4}`,
      networks: { available: [row.brand], preferred: null },
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
  };
}

/** The intent's charge: there is one once the card was authorised or charged. */
function renderCharge(row: IntentRow) {
  if (row.status !== "requires_capture" && row.status !== "succeeded" && row.capturedCents === 0) return null;
  return {
    id: `ch_for_${row.id}`,
    object: "charge",
    amount: row.amountCents,
    amount_captured: row.capturedCents,
    amount_refunded: row.refundedCents,
    captured: row.capturedCents > 0,
    currency: row.currency,
    payment_intent: row.id,
    refunded: row.capturedCents > 0 && row.refundedCents >= row.capturedCents,
    status: "succeeded",
  };
}

function renderIntent(row: IntentRow, expandCharge: boolean) {
  const charge = renderCharge(row);
  return {
    id: row.id,
    object: "payment_intent",
    amount: row.amountCents,
    amount_capturable: row.status === "requires_capture" ? row.amountCents : 0,
    amount_received: row.capturedCents,
    automatic_payment_methods: { enabled: true, allow_redirects: "never" },
    canceled_at: row.status === "canceled" ? seconds(row.updatedAt) : null,
    capture_method: row.captureMethod,
    client_secret: row.clientSecret,
    confirmation_method: "automatic",
    created: seconds(row.createdAt),
    currency: row.currency,
    customer: row.customerId,
    latest_charge: charge && !expandCharge ? charge.id : charge,
    livemode: false,
    metadata: row.metadata,
    next_action:
      row.status === "requires_action"
        ? {
            type: "redirect_to_url",
            redirect_to_url: { url: `/sandbox/challenge/${row.id}`, return_url: null },
          }
        : null,
    payment_method: row.paymentMethodId,
    payment_method_types: ["card"],
    status: row.status,
  };
}

/** Card objects name their brand as printed ("Visa", "MasterCard"), unlike payment methods ("visa"). */
const PRINTED_BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "MasterCard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
};

function renderExternalAccount(card: GatewayExternalAccount) {
  return {
    id: card.id,
    object: "card",
    account: card.accountId,
    brand: PRINTED_BRANDS[card.brand] ?? "Unknown",
    country: "US",
    currency: "usd",
    default_for_currency: card.isDefault,
    exp_month: card.expMonth,
    exp_year: card.expYear,
    funding: card.funding,
    last4: card.last4,
    metadata: {},
    available_payout_methods: card.availablePayoutMethods,
  };
}

function renderAccount(row: SandboxAccountRow, cards: GatewayExternalAccount[]) {
  const collection = row.requirementCollection === "application" ? "application" : "stripe";
  const account = connectedAccount(row.id, collection, row.email || null);
  const done = row.detailsSubmittedAt !== null;
  // As with Stripe: requirements past due hold payouts; those only currently due do not, yet.
  const payoutsEnabled = done && row.pastDue.length === 0;
  return {
    ...account,
    capabilities: { transfers: payoutsEnabled ? "active" : "inactive" },
    created: seconds(row.createdAt),
    details_submitted: done,
    external_accounts: { ...account.external_accounts, data: cards.map(renderExternalAccount) },
    metadata: row.userId ? { userId: row.userId } : {},
    payouts_enabled: payoutsEnabled,
    requirements: {
      ...account.requirements,
      currently_due: [...new Set([...row.pastDue, ...row.currentlyDue])],
      past_due: row.pastDue,
      eventually_due: row.currentlyDue,
      disabled_reason: row.pastDue.length > 0 ? "requirements.past_due" : null,
    },
  };
}

function renderTransfer(row: SandboxTransferRow) {
  return {
    id: row.id,
    object: "transfer",
    amount: row.amountCents,
    amount_reversed: row.amountReversedCents,
    created: seconds(row.createdAt),
    currency: row.currency,
    destination: row.destination,
    metadata: row.metadata,
    reversed: row.amountReversedCents >= row.amountCents,
    reversals: { object: "list", data: [], has_more: false, url: `/v1/transfers/${row.id}/reversals` },
    transfer_group: row.transferGroup,
  };
}

function renderPayout(row: PayoutRow) {
  return {
    id: row.id,
    object: "payout",
    amount: row.amountCents,
    arrival_date: seconds(row.arrivalAt),
    automatic: false,
    created: seconds(row.createdAt),
    currency: row.currency,
    destination: row.destination,
    failure_code: row.failureCode,
    failure_message: row.failureMessage,
    metadata: row.metadata,
    method: row.method,
    status: row.status,
  };
}

function renderShippingRate(rate: ShippingRate) {
  return {
    id: `shr_${rate.id}`,
    object: "shipping_rate",
    active: true,
    display_name: rate.name,
    delivery_estimate: {
      minimum: { unit: "business_day", value: rate.minDays },
      maximum: { unit: "business_day", value: rate.maxDays },
    },
    fixed_amount: { amount: rate.amountCents, currency: "usd" },
    metadata: { rate: rate.id },
    tax_behavior: "exclusive",
    type: "fixed_amount",
  };
}

function renderSession(row: SessionRow, expandRate: boolean) {
  const status = row.status === "open" && row.expiresAt.getTime() <= Date.now() ? "expired" : row.status;
  const rate = row.shipping?.rateId ? row.shippingOptions.find((o) => o.id === row.shipping?.rateId) : null;
  const address = row.shipping?.address;
  return {
    id: row.id,
    object: "checkout.session",
    amount_subtotal: row.amountSubtotalCents,
    amount_total: row.amountTotalCents,
    client_secret: row.clientSecret,
    collected_information: address
      ? {
          shipping_details: {
            name: address.name,
            address: {
              line1: address.line1,
              line2: address.line2 ?? null,
              city: address.city,
              state: address.state,
              postal_code: address.postalCode,
              country: address.country,
            },
          },
        }
      : null,
    created: seconds(row.createdAt),
    currency: row.currency,
    customer: row.customerId,
    customer_details:
      row.status === "complete" ? { email: row.customerEmail, name: address?.name ?? null } : null,
    customer_email: row.customerId ? null : row.customerEmail,
    expires_at: seconds(row.expiresAt),
    livemode: false,
    metadata: row.metadata,
    mode: "payment",
    payment_intent: row.paymentIntentId,
    payment_status: row.paymentStatus,
    return_url: row.returnUrl,
    shipping_cost: rate
      ? {
          amount_subtotal: rate.amountCents,
          amount_tax: 0,
          amount_total: rate.amountCents,
          shipping_rate: expandRate ? renderShippingRate(rate) : `shr_${rate.id}`,
        }
      : null,
    shipping_options: row.shippingOptions.map((o) => ({
      shipping_amount: o.amountCents,
      shipping_rate: `shr_${o.id}`,
    })),
    status,
    total_details: {
      amount_discount: 0,
      amount_shipping: row.amountShippingCents,
      amount_tax: row.amountTaxCents,
    },
    ui_mode: "embedded_page",
  };
}

/* Stripe's form encoding, read back. */

const metadataOf = (body: Record<string, string>, prefix = "metadata"): Record<string, string> => {
  const metadata: Record<string, string> = {};
  const pattern = new RegExp(`^${prefix.replace(/[[\]]/g, "\\$&")}\\[(.+)\\]$`);
  for (const [k, v] of Object.entries(body)) {
    const m = pattern.exec(k);
    if (m?.[1]) metadata[m[1]] = v;
  }
  return metadata;
};

/** Whether `expand[]` in the query names this field (or `data.<field>`, for a list). */
const expands = (query: URLSearchParams, field: string) =>
  [...query.entries()].some(([k, v]) => k.startsWith("expand[") && (v === field || v === `data.${field}`));

/** The sandbox's refusal in Stripe's words. */
function asStripeError(error: unknown): CannedReply {
  if (error instanceof CardError) {
    return stripeError(402, {
      type: "card_error",
      code: error.code,
      ...(error.declineCode ? { decline_code: error.declineCode } : {}),
      message: error.message,
    });
  }
  if (error instanceof GatewayRequestError) {
    return stripeError(error.statusCode, {
      type: "invalid_request_error",
      code: error.code,
      message: error.message,
    });
  }
  return stripeError(500, {
    type: "api_error",
    message: error instanceof Error ? error.message : String(error),
  });
}

const ok = (body: unknown): CannedReply => ({ status: 200, body });

export async function startStripeEmulator(): Promise<StripeEmulator> {
  const { database, drop } = await createSandboxTestDatabase();
  const db: Db = database.db;
  const sandbox = createSandboxGateway(db);
  const requests: RecordedRequest[] = [];
  const canned = new Map<string, CannedReply[]>();

  async function intentRow(id: string): Promise<IntentRow | null> {
    const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
    return row ?? null;
  }
  async function sessionRow(id: string): Promise<SessionRow | null> {
    const [row] = await db.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, id));
    return row ?? null;
  }
  async function payoutRow(id: string): Promise<PayoutRow | null> {
    const [row] = await db.select().from(sandboxPayouts).where(eq(sandboxPayouts.id, id));
    return row ?? null;
  }
  async function accountJson(id: string) {
    const row = await sandboxAccount(db, id);
    return renderAccount(row, await sandbox.listExternalAccounts(id));
  }
  /** A token of Stripe's (`tok_visa`) as the sandbox's token for the same test card. */
  async function sandboxToken(token: string): Promise<string> {
    const made = await createSandboxTestToken(db, token);
    if (!made) throw new GatewayRequestError("resource_missing", `No such token: '${token}'`, 404);
    return made;
  }

  async function intents(
    method: string,
    id: string | undefined,
    action: string | undefined,
    body: Record<string, string>,
    query: URLSearchParams,
    idempotencyKey: string | null,
  ): Promise<CannedReply | null> {
    const expandCharge = expands(query, "latest_charge");
    if (method === "POST" && !id) {
      const metadata = metadataOf(body);
      const paymentMethodId = body.payment_method;
      const customerId = body.customer ?? "";
      if (paymentMethodId) await sharedSandboxTestPaymentMethod(db, paymentMethodId, customerId || null);
      const confirm = body.confirm === "true";
      const created = await sandbox.createPaymentIntent({
        amountCents: Number(body.amount),
        currency: body.currency ?? "usd",
        customerId,
        captureMethod: body.capture_method === "manual" ? "manual" : "automatic",
        ...(paymentMethodId && confirm ? { paymentMethodId } : {}),
        ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
        // The sandbox keeps an intent's key as its `operation` too, as our adapter does: a key sent otherwise (the
        // SDK's own) only guards a retry, and Stripe keeps no trace of it on the intent.
        ...(idempotencyKey && metadata.operation === idempotencyKey ? { idempotencyKey } : {}),
      });
      if (paymentMethodId && !confirm) {
        await setSandboxIntentState(db, created.id, { status: "requires_confirmation", paymentMethodId });
      }
      const row = await intentRow(created.id);
      return row ? ok(renderIntent(row, expandCharge)) : missing("payment_intent", created.id);
    }
    if (method === "GET" && id === "search") {
      // Just the query form the adapter sends: metadata['key']:'value'.
      const m = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(query.get("query") ?? "");
      const rows = m
        ? await db
            .select()
            .from(sandboxPaymentIntents)
            .where(sql`${sandboxPaymentIntents.metadata}->>${m[1]} = ${m[2]}`)
            .orderBy(desc(sandboxPaymentIntents.createdAt))
            .limit(Number(query.get("limit") ?? 10))
        : [];
      return ok({
        object: "search_result",
        data: rows.map((row) => renderIntent(row, expandCharge)),
        has_more: false,
        next_page: null,
        url: "/v1/payment_intents/search",
      });
    }
    if (method === "GET" && !id) {
      const where: SQL[] = [];
      const from = query.get("created[gte]");
      const to = query.get("created[lte]");
      if (from) where.push(gte(sandboxPaymentIntents.createdAt, new Date(Number(from) * 1000)));
      if (to) where.push(lte(sandboxPaymentIntents.createdAt, new Date(Number(to) * 1000 + 999)));
      const customer = query.get("customer");
      if (customer) where.push(eq(sandboxPaymentIntents.customerId, customer));
      const rows = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(and(...where))
        .orderBy(desc(sandboxPaymentIntents.createdAt))
        .limit(Number(query.get("limit") ?? 10));
      return ok({
        object: "list",
        data: rows.map((row) => renderIntent(row, expandCharge)),
        has_more: false,
        url: "/v1/payment_intents",
      });
    }
    if (!id) return null;
    const row = await intentRow(id);
    if (!row) return missing("payment_intent", id);
    if (method === "GET" && !action) return ok(renderIntent(row, expandCharge));
    if (method !== "POST") return null;
    if (action === "confirm") {
      const paymentMethodId = body.payment_method ?? row.paymentMethodId ?? "";
      if (paymentMethodId) await sharedSandboxTestPaymentMethod(db, paymentMethodId, row.customerId);
      await sandbox.confirmPaymentIntent({ id, paymentMethodId });
    } else if (action === "capture") {
      await sandbox.capturePaymentIntent({
        id,
        ...(body.amount_to_capture ? { amountCents: Number(body.amount_to_capture) } : {}),
        ...(idempotencyKey ? { idempotencyKey } : {}),
      });
    } else if (action === "cancel") {
      await sandbox.cancelPaymentIntent({ id, ...(idempotencyKey ? { idempotencyKey } : {}) });
    } else {
      return null;
    }
    const after = await intentRow(id);
    return after ? ok(renderIntent(after, expandCharge)) : missing("payment_intent", id);
  }

  async function paymentMethods(
    id: string | undefined,
    action: string | undefined,
    body: Record<string, string>,
  ): Promise<CannedReply | null> {
    if (!id) {
      const created = await createSandboxPaymentMethod(db, await sandboxToken(body["card[token]"] ?? ""));
      return ok(renderPaymentMethod(created));
    }
    const held = await sandboxPaymentMethod(db, id);
    if (action === "attach") {
      const customer = body.customer ?? "";
      if (held) await attachSandboxPaymentMethod(db, id, customer);
      else await sharedSandboxTestPaymentMethod(db, id, customer);
    } else if (action === "detach") {
      if (held) await sandbox.detachCard({ customerId: held.customerId ?? "", paymentMethodId: id });
      else await sharedSandboxTestPaymentMethod(db, id, null);
    } else {
      return null;
    }
    const after = await sandboxPaymentMethod(db, id);
    return after ? ok(renderPaymentMethod(after)) : missing("payment_method", id);
  }

  /** Connected accounts and their external accounts (debit cards). */
  async function accounts(
    method: string,
    id: string | undefined,
    action: string | undefined,
    cardId: string | undefined,
    body: Record<string, string>,
  ): Promise<CannedReply | null> {
    if (method === "POST" && !id) {
      const email = body.email ?? null;
      const userId = metadataOf(body).userId ?? null;
      const accountId =
        body["controller[requirement_collection]"] === "application"
          ? (await sandbox.createConnectedAccount({ email: email ?? "", userId: userId ?? "" })).id
          : (await createSandboxAccount(db, { email, userId, requirementCollection: "stripe" })).id;
      return ok(await accountJson(accountId));
    }
    if (!id) return null;
    if (method === "GET" && !action) return ok(await accountJson(id));
    if (action !== "external_accounts") return null;
    if (method === "GET" && !cardId) {
      return ok({
        object: "list",
        data: (await sandbox.listExternalAccounts(id)).map(renderExternalAccount),
        has_more: false,
        url: `/v1/accounts/${id}/external_accounts`,
      });
    }
    if (method === "POST" && !cardId) {
      const card = await sandbox.createExternalAccount({
        accountId: id,
        token: await sandboxToken(body.external_account ?? ""),
        isDefault: body.default_for_currency === "true",
      });
      return ok(renderExternalAccount(card));
    }
    if (!cardId) return null;
    if (method === "POST") {
      if (body.default_for_currency === "true") {
        return ok(
          renderExternalAccount(
            await sandbox.setDefaultExternalAccount({ accountId: id, externalAccountId: cardId }),
          ),
        );
      }
      const card = (await sandbox.listExternalAccounts(id)).find((c) => c.id === cardId);
      return card ? ok(renderExternalAccount(card)) : missing("external account", cardId);
    }
    if (method === "DELETE") {
      await sandbox.deleteExternalAccount({ accountId: id, externalAccountId: cardId });
      return ok({ id: cardId, object: "card", deleted: true });
    }
    return null;
  }

  async function transfers(
    method: string,
    id: string | undefined,
    action: string | undefined,
    body: Record<string, string>,
    idempotencyKey: string | null,
  ): Promise<CannedReply | null> {
    if (method === "POST" && !id) {
      const transfer = await createSandboxTransfer(db, {
        destination: body.destination ?? "",
        amountCents: Number(body.amount),
        currency: body.currency ?? "usd",
        transferGroup: body.transfer_group ?? null,
        metadata: metadataOf(body),
        idempotencyKey,
      });
      return ok(renderTransfer(transfer));
    }
    if (!id) return null;
    if (method === "GET" && !action) return ok(renderTransfer(await sandboxTransfer(db, id)));
    if (method === "POST" && action === "reversals") {
      const transfer = await sandboxTransfer(db, id);
      const reversal = await reverseSandboxTransfer(db, {
        transferId: id,
        amountCents: body.amount ? Number(body.amount) : transfer.amountCents - transfer.amountReversedCents,
        metadata: metadataOf(body),
        idempotencyKey,
      });
      return ok({
        id: reversal.id,
        object: "transfer_reversal",
        amount: reversal.amountCents,
        created: seconds(reversal.createdAt),
        metadata: reversal.metadata,
        transfer: id,
      });
    }
    return null;
  }

  /** Payouts on a connected account: the `Stripe-Account` header names it. */
  async function payouts(
    method: string,
    id: string | undefined,
    body: Record<string, string>,
    stripeAccount: string | null,
    idempotencyKey: string | null,
  ): Promise<CannedReply | null> {
    if (!stripeAccount) return id ? missing("payout", id) : missing("account", "");
    if (method === "POST" && !id) {
      const metadata = metadataOf(body);
      const payout = await sandbox.createPayout({
        accountId: stripeAccount,
        amountCents: Number(body.amount),
        currency: body.currency ?? "usd",
        method: body.method === "instant" ? "instant" : "standard",
        ...(body.destination ? { destination: body.destination } : {}),
        reference: metadata.reference ?? "",
        idempotencyKey: idempotencyKey ?? `payout-${requests.length}-${Date.now()}`,
      });
      await setSandboxPayoutMetadata(db, payout.id, metadata);
      const row = await payoutRow(payout.id);
      return row ? ok(renderPayout(row)) : missing("payout", payout.id);
    }
    if (method === "GET" && id) {
      // Read through the sandbox, which lands a standard payout whose arrival time has passed.
      await sandbox.retrievePayout({ accountId: stripeAccount, payoutId: id });
      const row = await payoutRow(id);
      return row ? ok(renderPayout(row)) : missing("payout", id);
    }
    return null;
  }

  async function checkoutSessions(
    method: string,
    id: string | undefined,
    body: Record<string, string>,
    query: URLSearchParams,
    idempotencyKey: string | null,
  ): Promise<CannedReply | null> {
    if (method === "POST" && !id) {
      const lineItems: { name: string; unitAmountCents: number; quantity: number }[] = [];
      for (let i = 0; body[`line_items[${i}][quantity]`] !== undefined; i++) {
        lineItems.push({
          quantity: Number(body[`line_items[${i}][quantity]`]),
          unitAmountCents: Number(body[`line_items[${i}][price_data][unit_amount]`]),
          name: body[`line_items[${i}][price_data][product_data][name]`] ?? "",
        });
      }
      const shippingRates: ShippingRate[] = [];
      for (let i = 0; body[`shipping_options[${i}][shipping_rate_data][display_name]`] !== undefined; i++) {
        const field = (name: string) => body[`shipping_options[${i}][shipping_rate_data]${name}`];
        shippingRates.push({
          id: field("[metadata][rate]") ?? `rate_${i}`,
          name: field("[display_name]") ?? "",
          amountCents: Number(field("[fixed_amount][amount]") ?? 0),
          minDays: Number(field("[delivery_estimate][minimum][value]") ?? 0),
          maxDays: Number(field("[delivery_estimate][maximum][value]") ?? 0),
        });
      }
      const metadata = metadataOf(body);
      // As Stripe: a session is for a customer or for an e-mail, and a customer's session takes its e-mail.
      if (body.customer !== undefined && body.customer_email !== undefined) {
        throw new GatewayRequestError(
          "parameter_unknown",
          "You may only specify one of these parameters: customer, customer_email.",
        );
      }
      let customerEmail = body.customer_email ?? "";
      if (body.customer !== undefined) {
        const [customer] = await db
          .select()
          .from(sandboxCustomers)
          .where(eq(sandboxCustomers.id, body.customer));
        if (!customer) return missing("customer", body.customer);
        customerEmail = customer.email;
      }
      const created = await sandbox.createCheckoutSession({
        lineItems,
        customerEmail,
        ...(body.customer !== undefined ? { customerId: body.customer } : {}),
        shippingRates,
        returnUrl: body.return_url ?? "",
        ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
        ...(idempotencyKey ? { idempotencyKey } : {}),
      });
      const row = await sessionRow(created.id);
      return row ? ok(renderSession(row, false)) : missing("checkout.session", created.id);
    }
    if (method === "GET" && id) {
      const row = await sessionRow(id);
      return row
        ? ok(renderSession(row, expands(query, "shipping_cost.shipping_rate")))
        : missing("checkout.session", id);
    }
    return null;
  }

  async function route(recorded: RecordedRequest): Promise<CannedReply> {
    const { method, path, body, stripeAccount, idempotencyKey } = recorded;
    const queued = canned.get(`${method} ${path}`)?.shift();
    if (queued) return queued;
    const [pathname = "", search = ""] = path.split("?");
    const query = new URLSearchParams(search);
    const parts = pathname.split("/").filter(Boolean);
    const [, resource, id, action] = parts;
    let reply: CannedReply | null = null;
    try {
      if (resource === "customers" && method === "POST" && !id) {
        const metadata = metadataOf(body);
        const customer = await sandbox.createCustomer({
          email: body.email ?? "",
          name: body.name ?? "",
          userId: metadata.userId ?? "",
        });
        reply = ok({
          id: customer.id,
          object: "customer",
          created: now(),
          livemode: false,
          email: body.email ?? null,
          name: body.name ?? null,
          metadata,
        });
      } else if (resource === "payment_methods" && method === "POST") {
        reply = await paymentMethods(id, action, body);
      } else if (resource === "payment_intents") {
        reply = await intents(method, id, action, body, query, idempotencyKey);
      } else if (resource === "refunds" && method === "POST" && !id) {
        const intentId = body.payment_intent ?? "";
        const intent = await intentRow(intentId);
        if (!intent) return missing("payment_intent", intentId);
        const refund = await sandbox.refund({
          paymentIntentId: intentId,
          ...(body.amount ? { amountCents: Number(body.amount) } : {}),
          ...(idempotencyKey ? { idempotencyKey } : {}),
        });
        reply = ok({
          id: refund.id,
          object: "refund",
          amount: refund.amountCents,
          charge: `ch_for_${intentId}`,
          created: now(),
          currency: intent.currency,
          metadata: {},
          payment_intent: intentId,
          reason: null,
          status: refund.status,
        });
      } else if (resource === "accounts") {
        reply = await accounts(method, id, action, parts[4], body);
      } else if (resource === "account_links" && method === "POST" && !id) {
        const accountId = body.account ?? "";
        await sandboxAccount(db, accountId);
        const link = await sandbox.createAccountLink({
          accountId,
          returnUrl: body.return_url ?? "",
          refreshUrl: body.refresh_url ?? "",
        });
        reply = ok({ object: "account_link", created: now(), expires_at: now() + 300, url: link.url });
      } else if (resource === "transfers") {
        reply = await transfers(method, id, action, body, idempotencyKey);
      } else if (resource === "payouts") {
        reply = await payouts(method, id, body, stripeAccount, idempotencyKey);
      } else if (resource === "checkout" && id === "sessions") {
        reply = await checkoutSessions(method, action, body, query, idempotencyKey);
      }
    } catch (error) {
      return asStripeError(error);
    }
    return (
      reply ??
      stripeError(404, {
        type: "invalid_request_error",
        message: `Unrecognized request URL (${method}: ${path}).`,
      })
    );
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const header = (name: string) => {
        const value = req.headers[name];
        return typeof value === "string" ? value : null;
      };
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        body: Object.fromEntries(new URLSearchParams(text)),
        idempotencyKey: header("idempotency-key"),
        authorization: header("authorization"),
        stripeVersion: header("stripe-version"),
        stripeAccount: header("stripe-account"),
      };
      requests.push(recorded);
      const number = requests.length;
      void route(recorded).then((reply) => {
        const payload = JSON.stringify(reply.body);
        res.writeHead(reply.status, {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          "request-id": `req_emu${number}`,
        });
        res.end(payload);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const accountChange = (change: StripeAccountChange): SandboxAccountChange => ({
    ...(change.details_submitted === undefined ? {} : { detailsSubmitted: change.details_submitted }),
    ...(change.requirements?.currently_due ? { currentlyDue: change.requirements.currently_due } : {}),
    ...(change.requirements?.past_due ? { pastDue: change.requirements.past_due } : {}),
  });

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sandbox,
    async intent(id) {
      const row = await intentRow(id);
      return row ? renderIntent(row, true) : null;
    },
    async updateIntent(id, change) {
      await setSandboxIntentState(db, id, {
        ...(change.status ? { status: change.status } : {}),
        ...(change.amount_received === undefined ? {} : { capturedCents: change.amount_received }),
        ...(change.payment_method ? { paymentMethodId: change.payment_method } : {}),
      });
    },
    async checkoutSession(id) {
      const row = await sessionRow(id);
      return row ? renderSession(row, true) : null;
    },
    async completeCheckout(id, payment) {
      const row = await sessionRow(id);
      if (!row) throw new Error(`no checkout session ${id}`);
      const { clientSecret } = row;
      if (payment) {
        await setSandboxCheckoutShipping(db, {
          clientSecret,
          address: payment.address,
          shippingRate: payment.rate,
        });
        if (payment.taxCents !== undefined) await setSandboxCheckoutTax(db, id, payment.taxCents);
      }
      await paySandboxCheckoutSession(db, { clientSecret, token: await sandboxToken("tok_visa") });
    },
    async account(id) {
      return accountJson(id).catch(() => null);
    },
    async addAccount({ id, collection, email, ...change }) {
      await createSandboxAccount(db, {
        id,
        email: email ?? null,
        requirementCollection: collection,
        ...accountChange(change),
      });
    },
    async updateAccount(id, change) {
      await updateSandboxAccount(db, id, accountChange(change));
    },
    async payout(id) {
      const row = await payoutRow(id);
      return row ? renderPayout(row) : null;
    },
    replyOnce(method, path, reply) {
      const key = `${method} ${path}`;
      canned.set(key, [...(canned.get(key) ?? []), reply]);
    },
    reset() {
      requests.length = 0;
      canned.clear();
    },
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      });
      await drop();
    },
  };
}
