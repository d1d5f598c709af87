import { randomBytes } from "node:crypto";
import type { GatewayCheckoutSession } from "@mx/processors/checkout-gateway";
import { CardError, GatewayRequestError } from "@mx/processors/gateway";
import { shippingTexts } from "@mx/shared/shop-shipping";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { PAYING_TIMEOUT_MS, present, type SessionRow, sessionByClientSecret } from "./checkout";
import type { Db } from "./db";
import { queueCardAftermath } from "./notice-queue";
import { sandboxCheckoutSessions, sandboxPaymentIntents, sandboxPaymentMethods } from "./schema";
import { CARD_AFTERMATH, CARD_MESSAGES, type CardBehaviour } from "./test-cards";
import { cardRefusal, chargeRefusal, takeSandboxToken } from "./tokens";

/* A checkout session paid in the sandbox's payment form (or Stripe's, through the Stripe face). */

/** What pays a session: a new card's one-use token, or one of the cards its customer saved (one of the two). */
type CheckoutPayment = { token?: string | undefined; paymentMethod?: string | undefined };

const randomId = (prefix: string) => `${prefix}_${randomBytes(18).toString("base64url")}`;

/** How Stripe's checkout answers a test card with this behaviour: null when the charge goes through. */
function checkoutRefusal(behaviour: string): CardError | null {
  if (behaviour === "ok" || CARD_AFTERMATH[behaviour as CardBehaviour]) return null;
  // "declined", "charge_declined" and anything unknown: the generic decline.
  return (
    cardRefusal(behaviour) ??
    chargeRefusal(behaviour) ??
    new CardError("card_declined", CARD_MESSAGES.card_declined, "generic_decline")
  );
}

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
  const savedCard = await payableWith(db, row, current, payment);
  const claimed = await claimSession(db, row, now);
  if (!claimed) return completedOrBusy(db, row, now);

  let isPaid = false;
  try {
    const { token } = payment;
    const behaviour = savedCard?.behaviour ?? (await takeSandboxToken(db, token ?? "", now)).behaviour;
    const paid = await chargeSession(db, claimed, { behaviour, paymentMethodId: savedCard?.id ?? null }, now);
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

/** Checks an open session can be paid this way; answers the saved card it is paid with, if one. */
async function payableWith(
  db: Db,
  row: SessionRow,
  current: GatewayCheckoutSession,
  payment: CheckoutPayment,
) {
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
  return paymentMethod === undefined ? null : await savedCardFor(db, row, paymentMethod);
}

/** Marks an open session as being paid, unless another payment of it is under way; null then. */
async function claimSession(db: Db, row: SessionRow, now: Date): Promise<SessionRow | null> {
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
  return claimed ?? null;
}

/** A session another payment holds: complete once that one is done, else refused while it runs. */
async function completedOrBusy(db: Db, row: SessionRow, now: Date): Promise<GatewayCheckoutSession> {
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

/**
 * Charges a claimed session's card: its one payment intent (made on the first attempt, updated on each) takes the
 * attempt's outcome; a refused card throws, a charged one leaves the session complete and paid.
 */
async function chargeSession(
  db: Db,
  claimed: SessionRow,
  card: { behaviour: string; paymentMethodId: string | null },
  now: Date,
): Promise<SessionRow> {
  const refusal = checkoutRefusal(card.behaviour);
  // One payment intent per session, as Stripe keeps it; each attempt updates it.
  const intentId = claimed.paymentIntentId ?? randomId("pi");
  const intent = {
    status: refusal ? ("requires_payment_method" as const) : ("succeeded" as const),
    capturedCents: refusal ? 0 : claimed.amountTotalCents,
    customerId: claimed.customerId,
    paymentMethodId: card.paymentMethodId,
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
  await queueCardAftermath(db, [{ intentId, behaviour: card.behaviour }]);
  const [paid] = await db
    .update(sandboxCheckoutSessions)
    .set({ status: "complete", paymentStatus: "paid", completedAt: now, payingSince: null })
    .where(eq(sandboxCheckoutSessions.id, claimed.id))
    .returning();
  if (!paid) throw new Error("the session vanished while it was being paid");
  return paid;
}
