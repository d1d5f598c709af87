import { GatewayRequestError } from "@mx/processors/gateway";
import { and, eq, isNull, or } from "drizzle-orm";
import type { Db } from "./db";
import { sandboxPaymentMethods } from "./schema";
import { brandOf, testCard, testTokenCard } from "./test-cards";
import { cardRefusal, sandboxId, takeSandboxToken } from "./tokens";

/*
 * Payment methods as Stripe's PaymentMethods API handles them, in steps the product's interface joins into one
 * (`attachCard`): made from a token, then attached to a customer, later detached. The records are the sandbox's
 * own, the same the gateway charges.
 */

export type SandboxPaymentMethodRow = typeof sandboxPaymentMethods.$inferSelect;

/** Stripe's test Visa, as a shared test payment method stands for it. */
const VISA = testTokenCard("tok_visa");

/** Stripe's shared test payment methods that stand for a card of their own (its disputed cards); any other is Visa. */
const SHARED_CARDS: Record<string, string> = {
  pm_card_createDispute: "4000000000000259",
  pm_card_createDisputeProductNotReceived: "4000000000002685",
};

/** The card a shared test payment method stands for: its brand, last four digits, funding and behaviour. */
function sharedCard(id: string) {
  const number = Object.hasOwn(SHARED_CARDS, id) ? SHARED_CARDS[id] : undefined;
  if (!number) return VISA ? { ...VISA, behaviour: "ok" } : null;
  const card = testCard(number);
  return {
    brand: brandOf(number),
    last4: number.slice(-4),
    funding: card.funding,
    behaviour: card.behaviour,
  };
}

export async function sandboxPaymentMethod(db: Db, id: string): Promise<SandboxPaymentMethodRow | null> {
  const [row] = await db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, id));
  return row ?? null;
}

/** A payment method made from a sandbox token, attached to no one yet; a card refused on sight is refused here. */
export async function createSandboxPaymentMethod(db: Db, token: string): Promise<SandboxPaymentMethodRow> {
  const tok = await takeSandboxToken(db, token);
  const refusal = cardRefusal(tok.behaviour);
  if (refusal) throw refusal;
  const [row] = await db
    .insert(sandboxPaymentMethods)
    .values({
      id: sandboxId("pm"),
      customerId: null,
      brand: tok.brand,
      last4: tok.last4,
      expMonth: tok.expMonth,
      expYear: tok.expYear,
      name: tok.name,
      funding: tok.funding,
      behaviour: tok.behaviour,
    })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

/**
 * One of Stripe's shared test payment methods, for this customer (or none): made as Stripe's test Visa (or, for
 * `pm_card_createDispute…`, its disputed card) the first time its id is named, and given to the customer paying with it. A payment method that is not shared is left as
 * it is (the gateway then answers for whose it is).
 */
export async function sharedSandboxTestPaymentMethod(
  db: Db,
  id: string,
  customerId: string | null,
): Promise<void> {
  const card = sharedCard(id);
  if (!card) throw new Error("Stripe's test Visa is missing from the test cards");
  await db
    .insert(sandboxPaymentMethods)
    .values({
      id,
      customerId,
      brand: card.brand,
      last4: card.last4,
      expMonth: 12,
      expYear: 2034,
      name: "Jenny Rosen",
      funding: card.funding,
      behaviour: card.behaviour,
      shared: true,
    })
    .onConflictDoNothing({ target: sandboxPaymentMethods.id });
  if (customerId) {
    await db
      .update(sandboxPaymentMethods)
      .set({ customerId })
      .where(and(eq(sandboxPaymentMethods.id, id), eq(sandboxPaymentMethods.shared, true)));
  }
}

/** Attaches a payment method to a customer; one attached to another customer stays theirs, as with Stripe. */
export async function attachSandboxPaymentMethod(
  db: Db,
  id: string,
  customerId: string,
): Promise<SandboxPaymentMethodRow> {
  const [row] = await db
    .update(sandboxPaymentMethods)
    .set({ customerId })
    .where(
      and(
        eq(sandboxPaymentMethods.id, id),
        or(
          isNull(sandboxPaymentMethods.customerId),
          eq(sandboxPaymentMethods.customerId, customerId),
          eq(sandboxPaymentMethods.shared, true),
        ),
      ),
    )
    .returning();
  if (row) return row;
  if (!(await sandboxPaymentMethod(db, id))) {
    throw new GatewayRequestError("resource_missing", `No such PaymentMethod: '${id}'`, 404);
  }
  throw new GatewayRequestError(
    "payment_method_unexpected_state",
    "The payment method you provided has already been attached to a customer.",
  );
}
