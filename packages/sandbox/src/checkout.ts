import { randomBytes } from "node:crypto";
import type {
  CheckoutGateway,
  CreateCheckoutSessionInput,
  GatewayCheckoutSession,
  GatewayCheckoutSessionStatus,
} from "@mx/processors/checkout-gateway";
import { GatewayRequestError } from "@mx/processors/gateway";
import type { ShippingAddress } from "@mx/shared/schemas/shop";
import { STATEWIDE_SALES_TAX_RATES, statewideSalesTaxCents } from "@mx/shared/shop-shipping";
import { and, desc, eq, isNull, lt, or } from "drizzle-orm";
import type { SandboxCheckoutSessionData, SandboxCheckoutShippingBody } from "./api";
import type { Db } from "./db";
import { sandboxCheckoutSessions, sandboxPaymentMethods } from "./schema";

/** Stripe's lifetime of a checkout session. */
const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** A payment attempt that has not finished after this long (a crashed process) no longer blocks a new one. */
export const PAYING_TIMEOUT_MS = 60 * 1000;

const randomId = (prefix: string) => `${prefix}_${randomBytes(18).toString("base64url")}`;

export type SessionRow = typeof sandboxCheckoutSessions.$inferSelect;

/** A session's row as the processor interface tells it: expired once its time has passed. */
export function present(row: SessionRow, now = new Date()): GatewayCheckoutSession {
  const isExpired = row.status === "open" && row.expiresAt.getTime() <= now.getTime();
  return {
    id: row.id,
    status: isExpired ? "expired" : (row.status as GatewayCheckoutSessionStatus),
    paymentStatus: row.paymentStatus === "paid" ? "paid" : "unpaid",
    customerEmail: row.customerEmail,
    amountSubtotalCents: row.amountSubtotalCents,
    amountShippingCents: row.amountShippingCents,
    amountTaxCents: row.amountTaxCents,
    amountTotalCents: row.amountTotalCents,
    shipping: row.shipping,
    currency: row.currency,
    paymentIntentId: row.paymentIntentId,
    metadata: row.metadata,
  };
}

/** The session a client secret opens; Stripe's refusal when none does. */
export async function sessionByClientSecret(db: Db, clientSecret: string): Promise<SessionRow> {
  const [row] = await db
    .select()
    .from(sandboxCheckoutSessions)
    .where(eq(sandboxCheckoutSessions.clientSecret, clientSecret));
  if (!row) throw new GatewayRequestError("resource_missing", "No such checkout session.", 404);
  return row;
}

/** The checkout half of the sandbox processor: sessions kept in our database, paid with sandbox card tokens. */
export function createSandboxCheckout(db: Db): CheckoutGateway {
  return {
    async createCheckoutSession(input: CreateCheckoutSessionInput) {
      if (input.idempotencyKey) {
        const [existing] = await db
          .select()
          .from(sandboxCheckoutSessions)
          .where(eq(sandboxCheckoutSessions.idempotencyKey, input.idempotencyKey));
        if (existing)
          return { id: existing.id, clientSecret: existing.clientSecret, status: "open" as const };
      }
      if (input.lineItems.length === 0) {
        throw new GatewayRequestError("parameter_missing", "line_items: at least one line item is required.");
      }
      for (const line of input.lineItems) {
        if (!Number.isSafeInteger(line.unitAmountCents) || line.unitAmountCents < 0) {
          throw new GatewayRequestError("invalid_integer", "unit_amount must be a whole number of cents.");
        }
        if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
          throw new GatewayRequestError("invalid_integer", "quantity must be a positive whole number.");
        }
      }
      const amountSubtotalCents = input.lineItems.reduce((sum, l) => sum + l.unitAmountCents * l.quantity, 0);
      // Until the customer gives an address and picks a rate, the form shows the goods alone.
      const amountTotalCents = amountSubtotalCents;
      if (amountTotalCents < 50) {
        throw new GatewayRequestError("amount_too_small", "Amount must be at least $0.50 usd");
      }
      const id = randomId("cs_test");
      const [row] = await db
        .insert(sandboxCheckoutSessions)
        .values({
          id,
          clientSecret: `${id}_secret_${randomBytes(18).toString("base64url")}`,
          status: "open",
          paymentStatus: "unpaid",
          customerEmail: input.customerEmail,
          customerId: input.customerId ?? null,
          lineItems: input.lineItems.map(({ name, unitAmountCents, quantity }) => ({
            name,
            unitAmountCents,
            quantity,
          })),
          amountSubtotalCents,
          amountTotalCents,
          shippingOptions: input.shippingRates.map((rate) => ({ ...rate })),
          currency: "usd",
          returnUrl: input.returnUrl.replaceAll("{CHECKOUT_SESSION_ID}", id),
          metadata: input.metadata ?? {},
          idempotencyKey: input.idempotencyKey ?? null,
          expiresAt: new Date(Date.now() + SESSION_TTL_MS),
        })
        .returning();
      if (!row) throw new Error("insert returned nothing");
      return { id: row.id, clientSecret: row.clientSecret, status: "open" as const };
    },

    async retrieveCheckoutSession(id) {
      const [row] = await db.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, id));
      if (!row) throw new GatewayRequestError("resource_missing", `No such checkout.session: '${id}'`, 404);
      return present(row);
    },
  };
}

/**
 * What the sandbox payment form shows before the card is taken: the lines, the rates, the address, the totals, and
 * the cards the session's customer saved.
 */
export async function describeSandboxCheckoutSession(
  db: Db,
  clientSecret: string,
): Promise<SandboxCheckoutSessionData> {
  return describe(db, await sessionByClientSecret(db, clientSecret));
}

/** The cards attached to this customer, newest first; Stripe's shared test payment methods are no one's saved card. */
async function savedCardsOf(db: Db, customerId: string | null) {
  if (!customerId) return [];
  return db
    .select({
      id: sandboxPaymentMethods.id,
      brand: sandboxPaymentMethods.brand,
      last4: sandboxPaymentMethods.last4,
      expMonth: sandboxPaymentMethods.expMonth,
      expYear: sandboxPaymentMethods.expYear,
      name: sandboxPaymentMethods.name,
    })
    .from(sandboxPaymentMethods)
    .where(and(eq(sandboxPaymentMethods.customerId, customerId), eq(sandboxPaymentMethods.shared, false)))
    .orderBy(desc(sandboxPaymentMethods.createdAt), sandboxPaymentMethods.id);
}

async function describe(db: Db, row: SessionRow): Promise<SandboxCheckoutSessionData> {
  const session = present(row);
  return {
    id: row.id,
    status: session.status,
    customerEmail: row.customerEmail,
    currency: row.currency,
    amountSubtotalCents: row.amountSubtotalCents,
    amountShippingCents: row.amountShippingCents,
    amountTaxCents: row.amountTaxCents,
    taxRate: row.taxRate,
    amountTotalCents: row.amountTotalCents,
    lineItems: row.lineItems,
    shippingOptions: row.shippingOptions,
    shipping: row.shipping?.rateId ? { address: row.shipping.address, rateId: row.shipping.rateId } : null,
    savedCards: await savedCardsOf(db, row.customerId),
  };
}

/**
 * The customer filled in the shipping address and picked a rate in the sandbox's payment form, as in Stripe's:
 * the session keeps them, and its shipping, tax (the state's rate on the goods, see STATEWIDE_SALES_TAX_RATES) and
 * total follow. Refused once the session is paid or expired, or while a payment is being taken.
 */
export async function setSandboxCheckoutShipping(
  db: Db,
  { clientSecret, address, shippingRate }: SandboxCheckoutShippingBody,
  now = new Date(),
): Promise<SandboxCheckoutSessionData> {
  const row = await sessionByClientSecret(db, clientSecret);
  const current = present(row, now);
  if (current.status !== "open") {
    throw new GatewayRequestError(
      "checkout_session_not_open",
      `This checkout session is ${current.status}.`,
      409,
    );
  }
  const rate = row.shippingOptions.find((option) => option.id === shippingRate);
  if (!rate) {
    throw new GatewayRequestError(
      "invalid_shipping_rate",
      "shippingRate: not offered for this checkout session.",
    );
  }
  const taxRate = STATEWIDE_SALES_TAX_RATES[address.state] ?? 0;
  const amountTaxCents = statewideSalesTaxCents(row.amountSubtotalCents, address.state);
  const stored: ShippingAddress = { ...address };
  if (!stored.line2) delete stored.line2;
  const [updated] = await db
    .update(sandboxCheckoutSessions)
    .set({
      shipping: { address: stored, rateId: rate.id, rateName: rate.name },
      amountShippingCents: rate.amountCents,
      amountTaxCents,
      taxRate,
      amountTotalCents: row.amountSubtotalCents + rate.amountCents + amountTaxCents,
    })
    .where(
      and(
        eq(sandboxCheckoutSessions.id, row.id),
        eq(sandboxCheckoutSessions.status, "open"),
        or(
          isNull(sandboxCheckoutSessions.payingSince),
          lt(sandboxCheckoutSessions.payingSince, new Date(now.getTime() - PAYING_TIMEOUT_MS)),
        ),
      ),
    )
    .returning();
  if (!updated) {
    throw new GatewayRequestError(
      "checkout_session_busy",
      "A payment for this checkout session is already in progress.",
      409,
    );
  }
  return describe(db, updated);
}

/**
 * The tax on an open session as a tax service computed it for the customer's address (Stripe Tax's combined rate,
 * which may tax the shipping too), in place of the sandbox's statewide rate on the goods; the total follows.
 */
export async function setSandboxCheckoutTax(
  db: Db,
  sessionId: string,
  amountTaxCents: number,
): Promise<void> {
  const [row] = await db
    .select()
    .from(sandboxCheckoutSessions)
    .where(eq(sandboxCheckoutSessions.id, sessionId));
  if (!row)
    throw new GatewayRequestError("resource_missing", `No such checkout.session: '${sessionId}'`, 404);
  if (row.status !== "open") {
    throw new GatewayRequestError(
      "checkout_session_not_open",
      `This checkout session is ${row.status}.`,
      409,
    );
  }
  await db
    .update(sandboxCheckoutSessions)
    .set({
      amountTaxCents,
      amountTotalCents: row.amountSubtotalCents + row.amountShippingCents + amountTaxCents,
    })
    .where(and(eq(sandboxCheckoutSessions.id, sessionId), eq(sandboxCheckoutSessions.status, "open")));
}
