import { randomBytes } from "node:crypto";
import type {
  CheckoutGateway,
  CreateCheckoutSessionInput,
  GatewayCheckoutSession,
  GatewayCheckoutSessionStatus,
} from "@mx/processors/checkout-gateway";
import { CardError, GatewayRequestError } from "@mx/processors/gateway";
import type {
  SandboxCheckoutSessionData,
  SandboxCheckoutShippingBody,
  ShippingAddress,
} from "@mx/shared/schemas/shop";
import { STATEWIDE_SALES_TAX_RATES, shippingTexts, statewideSalesTaxCents } from "@mx/shared/shop-shipping";
import { and, desc, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "./db";
import { sandboxCheckoutSessions, sandboxPaymentIntents, sandboxPaymentMethods } from "./schema";
import { CARD_MESSAGES } from "./test-cards";
import { cardRefusal, chargeRefusal, takeSandboxToken } from "./tokens";

/** Stripe's lifetime of a checkout session. */
const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** A payment attempt that has not finished after this long (a crashed process) no longer blocks a new one. */
const PAYING_TIMEOUT_MS = 60 * 1000;

const randomId = (prefix: string) => `${prefix}_${randomBytes(18).toString("base64url")}`;

type SessionRow = typeof sandboxCheckoutSessions.$inferSelect;

function present(row: SessionRow, now = new Date()): GatewayCheckoutSession {
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

/** How Stripe's checkout answers a test card with this behaviour: null when the charge goes through. */
function checkoutRefusal(behaviour: string): CardError | null {
  if (behaviour === "ok") return null;
  // "declined", "charge_declined" and anything unknown: the generic decline.
  return (
    cardRefusal(behaviour) ??
    chargeRefusal(behaviour) ??
    new CardError("card_declined", CARD_MESSAGES.card_declined, "generic_decline")
  );
}

async function sessionByClientSecret(db: Db, clientSecret: string): Promise<SessionRow> {
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

/** What pays a session: a new card's one-use token, or one of the cards its customer saved (one of the two). */
type CheckoutPayment = { token?: string | undefined; paymentMethod?: string | undefined };

/**
 * The saved card a session is paid with, which must be attached to the customer the session was opened for. Any
 * other id (another customer's card, a card of no one, an unknown id) is refused alike, before anything changes.
 */
async function savedCardFor(db: Db, row: SessionRow, paymentMethodId: string) {
  const [pm] = row.customerId
    ? await db
        .select()
        .from(sandboxPaymentMethods)
        .where(
          and(
            eq(sandboxPaymentMethods.id, paymentMethodId),
            eq(sandboxPaymentMethods.customerId, row.customerId),
            eq(sandboxPaymentMethods.shared, false),
          ),
        )
    : [];
  if (!pm) {
    throw new GatewayRequestError(
      "payment_method_not_attached",
      "paymentMethod: not a card saved by this checkout's customer.",
    );
  }
  return pm;
}

/**
 * Pays a sandbox checkout session with a new card's token or a saved card, as Stripe's embedded form does: a
 * declined card leaves the session open for another card and throws the card's message; a paid session is
 * `complete` and `paid`. Two submissions at once charge the card once: the second is refused while the first runs,
 * and sees it complete after.
 */
export async function paySandboxCheckoutSession(
  db: Db,
  { clientSecret, ...payment }: { clientSecret: string } & CheckoutPayment,
  now = new Date(),
): Promise<GatewayCheckoutSession> {
  const row = await sessionByClientSecret(db, clientSecret);
  const current = present(row, now);
  if (current.status === "complete") return current;
  if (current.status === "expired") {
    throw new GatewayRequestError("checkout_session_expired", "This checkout session has expired.", 400);
  }
  if (row.shippingOptions.length > 0 && !row.shipping) {
    throw new GatewayRequestError("shipping_address_required", shippingTexts.addressRequired);
  }
  const { token, paymentMethod } = payment;
  if (token === undefined && paymentMethod === undefined) {
    throw new GatewayRequestError("parameter_missing", "token: give a card token or a saved card.");
  }
  const savedCard = paymentMethod === undefined ? null : await savedCardFor(db, row, paymentMethod);

  const [claimed] = await db
    .update(sandboxCheckoutSessions)
    .set({ payingSince: now })
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
  if (!claimed) {
    const [again] = await db
      .select()
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.id, row.id));
    if (again?.status === "complete") return present(again, now);
    throw new GatewayRequestError(
      "checkout_session_busy",
      "A payment for this checkout session is already in progress.",
      409,
    );
  }

  let isPaid = false;
  try {
    const behaviour = savedCard?.behaviour ?? (await takeSandboxToken(db, token ?? "", now)).behaviour;
    const refusal = checkoutRefusal(behaviour);

    // One payment intent per session, as Stripe keeps it; each attempt updates it.
    const intentId = claimed.paymentIntentId ?? randomId("pi");
    const intent = {
      status: refusal ? ("requires_payment_method" as const) : ("succeeded" as const),
      capturedCents: refusal ? 0 : claimed.amountTotalCents,
      customerId: claimed.customerId,
      paymentMethodId: savedCard?.id ?? null,
      updatedAt: now,
    };
    if (claimed.paymentIntentId) {
      await db.update(sandboxPaymentIntents).set(intent).where(eq(sandboxPaymentIntents.id, intentId));
    } else {
      await db.insert(sandboxPaymentIntents).values({
        id: intentId,
        clientSecret: `${intentId}_secret_${randomBytes(12).toString("base64url")}`,
        amountCents: claimed.amountTotalCents,
        currency: claimed.currency,
        captureMethod: "automatic",
        metadata: { checkoutSessionId: claimed.id },
        idempotencyKey: null,
        ...intent,
      });
      await db
        .update(sandboxCheckoutSessions)
        .set({ paymentIntentId: intentId })
        .where(eq(sandboxCheckoutSessions.id, claimed.id));
    }
    if (refusal) throw refusal;

    const [paid] = await db
      .update(sandboxCheckoutSessions)
      .set({ status: "complete", paymentStatus: "paid", completedAt: now, payingSince: null })
      .where(eq(sandboxCheckoutSessions.id, claimed.id))
      .returning();
    if (!paid) throw new Error("the session vanished while it was being paid");
    isPaid = true;
    return present(paid, now);
  } finally {
    if (!isPaid) {
      await db
        .update(sandboxCheckoutSessions)
        .set({ payingSince: null })
        .where(eq(sandboxCheckoutSessions.id, claimed.id));
    }
  }
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
