import { AppError } from "@mx/kit/errors";
import { lockKey } from "@mx/kit/locks";
import { errors } from "@mx/shared/messages";
import type { PaymentCard } from "@mx/shared/schemas/payments";
import { and, desc, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { paymentCards, paymentCustomers } from "../../db/schema/payments";
import { users } from "../../db/schema/users";
import type { AppDeps } from "../../deps";

type CardRow = typeof paymentCards.$inferSelect;

function presentCard(row: CardRow): PaymentCard {
  return {
    paymentMethodId: row.id,
    cardScheme: row.brand,
    maskedCard: `•••• •••• •••• ${row.last4}`,
    last4: row.last4,
    expiryMonth: row.expMonth,
    expiryYear: row.expYear,
    nameOnCard: row.name,
    isDefault: row.isDefault,
  };
}

/** The default card first, then the newest. */
export async function listCards(q: Queryable, userId: string): Promise<PaymentCard[]> {
  const rows = await q
    .select()
    .from(paymentCards)
    .where(eq(paymentCards.userId, userId))
    .orderBy(desc(paymentCards.isDefault), desc(paymentCards.createdAt), paymentCards.id);
  return rows.map(presentCard);
}

export async function defaultCard(q: Queryable, userId: string): Promise<CardRow | null> {
  const [row] = await q
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.userId, userId), eq(paymentCards.isDefault, true)))
    .limit(1);
  return row ?? null;
}

/**
 * The player's customer at this processor when they have saved a card there (what a checkout offers them first);
 * null for a player with no card, who is never made a customer for it.
 */
export async function customerWithSavedCards(
  q: Queryable,
  userId: string,
  provider: string,
): Promise<string | null> {
  const [row] = await q
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .innerJoin(
      paymentCards,
      and(eq(paymentCards.userId, paymentCustomers.userId), eq(paymentCards.provider, provider)),
    )
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)))
    .limit(1);
  return row?.customerId ?? null;
}

/**
 * The player's customer at the processor, made on first need. The processor is never called inside a database
 * transaction (a slow or embedded call must not hold locks); two first calls at once may each make a customer,
 * and the first one stored wins.
 */
export async function ensureCustomer({ db, gateway }: AppDeps, userId: string): Promise<string> {
  const find = async () => {
    const [row] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, userId));
    return row?.customerId ?? null;
  };
  const existing = await find();
  if (existing) return existing;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const { id } = await gateway.createCustomer({
    email: user?.email ?? "",
    name: user?.fullName ?? "",
    userId,
  });
  await db
    .insert(paymentCustomers)
    .values({ userId, provider: gateway.kind, customerId: id })
    .onConflictDoNothing();
  return (await find()) ?? id;
}

async function ownCard(q: Queryable, userId: string, paymentMethodId: string): Promise<CardRow> {
  const [row] = await q
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.id, paymentMethodId), eq(paymentCards.userId, userId)));
  // Another player's card is answered exactly like one that does not exist.
  if (!row) throw new AppError("NOT_FOUND", "No such payment method.");
  return row;
}

/** Attaches a tokenised card. The first card, or one added with isDefault, becomes the only default. */
export async function addCard(
  deps: AppDeps,
  userId: string,
  { token, isDefault }: { token: string; isDefault: boolean },
): Promise<PaymentCard> {
  const customerId = await ensureCustomer(deps, userId);
  const card = await deps.gateway.attachCard({ customerId, token });
  return deps.db.transaction(async (tx) => {
    await lockKey(tx, `cards:${userId}`);
    const makeDefault = isDefault || !(await defaultCard(tx, userId));
    if (makeDefault)
      await tx.update(paymentCards).set({ isDefault: false }).where(eq(paymentCards.userId, userId));
    const [row] = await tx
      .insert(paymentCards)
      .values({
        id: card.id,
        userId,
        provider: deps.gateway.kind,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        name: card.name,
        funding: card.funding,
        isDefault: makeDefault,
      })
      .returning();
    if (!row) throw new AppError("INTERNAL", errors.addCardFailed);
    return presentCard(row);
  });
}

export async function setDefaultCard(
  db: AppDeps["db"],
  userId: string,
  paymentMethodId: string,
): Promise<PaymentCard[]> {
  await db.transaction(async (tx) => {
    await lockKey(tx, `cards:${userId}`);
    await ownCard(tx, userId, paymentMethodId);
    await tx.update(paymentCards).set({ isDefault: false }).where(eq(paymentCards.userId, userId));
    await tx.update(paymentCards).set({ isDefault: true }).where(eq(paymentCards.id, paymentMethodId));
  });
  return listCards(db, userId);
}

/** Detaches the card at the processor and forgets it; if it was the default, the newest other card takes over. */
export async function deleteCard(deps: AppDeps, userId: string, paymentMethodId: string): Promise<void> {
  const card = await ownCard(deps.db, userId, paymentMethodId);
  const [customer] = await deps.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, userId));
  if (customer) await deps.gateway.detachCard({ customerId: customer.customerId, paymentMethodId });
  await deps.db.transaction(async (tx) => {
    await lockKey(tx, `cards:${userId}`);
    await tx.delete(paymentCards).where(eq(paymentCards.id, card.id));
    if (card.isDefault) {
      const [next] = await tx
        .select({ id: paymentCards.id })
        .from(paymentCards)
        .where(eq(paymentCards.userId, userId))
        .orderBy(desc(paymentCards.createdAt))
        .limit(1);
      if (next) await tx.update(paymentCards).set({ isDefault: true }).where(eq(paymentCards.id, next.id));
    }
  });
}
