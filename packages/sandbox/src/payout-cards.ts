import { lockKey } from "@mx/kit/locks";
import { type CardBrand, GatewayRequestError } from "@mx/processors/gateway";
import type { GatewayExternalAccount, PayoutGateway, PayoutMethod } from "@mx/processors/payout-gateway";
import { serverMessages } from "@mx/shared/messages";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "./db";
import { sandboxAccounts, sandboxExternalAccounts } from "./schema";
import { cardRefusal, sandboxId, takeSandboxToken } from "./tokens";

/* The debit cards payouts go to, on the sandbox's connected accounts. */

/**
 * What Stripe answers a change to the payout cards of an account whose requirements Stripe collects (Express-like):
 * its API reference allows external-account cards only on accounts where the platform collects them.
 */
export const STRIPE_COLLECTED_ACCOUNT_REFUSAL = {
  code: "external_account_not_allowed",
  message:
    "You can only create, update or delete external accounts on connected accounts where `controller.requirement_collection` is `application` (which includes Custom accounts).",
} as const;

/**
 * Which payouts a debit card can take, as Stripe's `available_payout_methods` says: instant payouts go to Visa and
 * Mastercard debit cards; the sandbox's Discover debit card (6011 9811 1111 1113) takes standard payouts only.
 */
export function sandboxPayoutMethods(brand: string): PayoutMethod[] {
  return brand === "visa" || brand === "mastercard" ? ["standard", "instant"] : ["standard"];
}

export type ExternalRow = typeof sandboxExternalAccounts.$inferSelect;

/** A payout card as the processor interface tells it. */
function presentCard(row: ExternalRow): GatewayExternalAccount {
  return {
    id: row.id,
    accountId: row.accountId,
    brand: row.brand as CardBrand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    funding: row.funding,
    isDefault: row.defaultForCurrency,
    availablePayoutMethods: sandboxPayoutMethods(row.brand),
  };
}

/** Stripe's refusal of an unknown card. */
const missingCard = (externalAccountId: string) =>
  new GatewayRequestError("resource_missing", `No such external account: '${externalAccountId}'`, 404);

/** A connected account; Stripe's refusal when there is none. */
export async function account(db: Db, accountId: string) {
  const [row] = await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, accountId));
  if (!row) throw new GatewayRequestError("resource_missing", `No such account: '${accountId}'`, 404);
  return row;
}

/** An account whose payout cards the platform may change: one whose requirements it collects. */
async function managedAccount(db: Db, accountId: string) {
  const row = await account(db, accountId);
  if (row.requirementCollection !== "application") {
    throw new GatewayRequestError(
      STRIPE_COLLECTED_ACCOUNT_REFUSAL.code,
      STRIPE_COLLECTED_ACCOUNT_REFUSAL.message,
    );
  }
  return row;
}

/** The account's payout card, read in `q` (the transaction, where there is one). */
export async function card(
  db: Db,
  accountId: string,
  externalAccountId: string,
  q: Queryable = db,
): Promise<ExternalRow> {
  const [row] = await q
    .select()
    .from(sandboxExternalAccounts)
    .where(
      and(
        eq(sandboxExternalAccounts.id, externalAccountId),
        eq(sandboxExternalAccounts.accountId, accountId),
      ),
    );
  if (!row) throw missingCard(externalAccountId);
  return row;
}

/** The payout cards of connected accounts whose requirements the platform collects: added, listed, made default, deleted. */
export function sandboxPayoutCards(
  db: Db,
): Pick<
  PayoutGateway,
  "createExternalAccount" | "listExternalAccounts" | "setDefaultExternalAccount" | "deleteExternalAccount"
> {
  return {
    async createExternalAccount({ accountId, token, isDefault }) {
      await managedAccount(db, accountId);
      const tok = await takeSandboxToken(db, token);
      const refusal = cardRefusal(tok.behaviour);
      if (refusal) throw refusal;
      if (tok.funding !== "debit") {
        throw new GatewayRequestError("invalid_card_type", serverMessages.payoutCardNotDebit);
      }
      const row = await insertPayoutCard(db, accountId, tok, isDefault);
      if (!row) throw new Error("insert returned nothing");
      return presentCard(row);
    },

    async listExternalAccounts(accountId) {
      await account(db, accountId);
      const rows = await db
        .select()
        .from(sandboxExternalAccounts)
        .where(eq(sandboxExternalAccounts.accountId, accountId))
        .orderBy(desc(sandboxExternalAccounts.createdAt), sandboxExternalAccounts.id);
      return rows.map(presentCard);
    },

    async setDefaultExternalAccount({ accountId, externalAccountId }) {
      await managedAccount(db, accountId);
      await card(db, accountId, externalAccountId);
      const row = await db.transaction(async (tx) => {
        await lockKey(tx, `sandbox-external-accounts:${accountId}`);
        await tx
          .update(sandboxExternalAccounts)
          .set({ defaultForCurrency: false })
          .where(eq(sandboxExternalAccounts.accountId, accountId));
        const [updated] = await tx
          .update(sandboxExternalAccounts)
          .set({ defaultForCurrency: true })
          .where(eq(sandboxExternalAccounts.id, externalAccountId))
          .returning();
        return updated;
      });
      if (!row) throw missingCard(externalAccountId);
      return presentCard(row);
    },

    async deleteExternalAccount({ accountId, externalAccountId }) {
      await managedAccount(db, accountId);
      await db.transaction(async (tx) => {
        await lockKey(tx, `sandbox-external-accounts:${accountId}`);
        const row = await card(db, accountId, externalAccountId, tx);
        if (row.defaultForCurrency) {
          const [others] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(sandboxExternalAccounts)
            .where(eq(sandboxExternalAccounts.accountId, accountId));
          if ((others?.n ?? 0) > 1) {
            throw new GatewayRequestError(
              "default_external_account_deletion",
              "You cannot delete the default external account for your default currency. Please make another external account the default using the `default_for_currency` param, and then delete this one.",
            );
          }
        }
        await tx.delete(sandboxExternalAccounts).where(eq(sandboxExternalAccounts.id, externalAccountId));
      });
    },
  };
}

/** Adds a token's card to an account, its default when asked or when it has none (the account locked meanwhile). */
async function insertPayoutCard(
  db: Db,
  accountId: string,
  tok: Awaited<ReturnType<typeof takeSandboxToken>>,
  isDefault: boolean | undefined,
) {
  return db.transaction(async (tx) => {
    await lockKey(tx, `sandbox-external-accounts:${accountId}`);
    const [current] = await tx
      .select({ id: sandboxExternalAccounts.id })
      .from(sandboxExternalAccounts)
      .where(
        and(
          eq(sandboxExternalAccounts.accountId, accountId),
          eq(sandboxExternalAccounts.defaultForCurrency, true),
        ),
      );
    const makeDefault = isDefault === true || !current;
    if (makeDefault && current) {
      await tx
        .update(sandboxExternalAccounts)
        .set({ defaultForCurrency: false })
        .where(eq(sandboxExternalAccounts.accountId, accountId));
    }
    const [inserted] = await tx
      .insert(sandboxExternalAccounts)
      .values({
        id: sandboxId("card"),
        accountId,
        brand: tok.brand,
        last4: tok.last4,
        expMonth: tok.expMonth,
        expYear: tok.expYear,
        funding: tok.funding,
        behaviour: tok.behaviour,
        defaultForCurrency: makeDefault,
      })
      .returning();
    return inserted;
  });
}
