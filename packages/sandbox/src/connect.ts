import { GatewayRequestError } from "@mx/processors/gateway";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "./db";
import { sandboxAccounts, sandboxPayouts, sandboxTransferReversals, sandboxTransfers } from "./schema";
import { sandboxId } from "./tokens";

/*
 * What Stripe's Connect API offers beyond the product's interface, on the sandbox's own records: accounts made the
 * old way (Stripe collecting their requirements) or changed as Stripe changes them later, and the transfers that
 * fund a payout in Stripe's shape, with their reversals.
 */

export type SandboxAccountRow = typeof sandboxAccounts.$inferSelect;
export type SandboxTransferRow = typeof sandboxTransfers.$inferSelect;

/** What Stripe may later say of an account: onboarding done or not, and the requirements due. */
export type SandboxAccountChange = {
  detailsSubmitted?: boolean;
  currentlyDue?: string[];
  pastDue?: string[];
};

export async function sandboxAccount(db: Db, accountId: string): Promise<SandboxAccountRow> {
  const [row] = await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, accountId));
  if (!row) throw new GatewayRequestError("resource_missing", `No such account: '${accountId}'`, 404);
  return row;
}

/** A connected account, with the id given or a new one, whose requirements the platform or Stripe collects. */
export async function createSandboxAccount(
  db: Db,
  account: SandboxAccountChange & {
    id?: string;
    email: string | null;
    userId?: string | null;
    requirementCollection: "application" | "stripe";
  },
): Promise<SandboxAccountRow> {
  const [row] = await db
    .insert(sandboxAccounts)
    .values({
      id: account.id ?? sandboxId("acct"),
      email: account.email ?? "",
      userId: account.userId ?? null,
      requirementCollection: account.requirementCollection,
      detailsSubmittedAt: account.detailsSubmitted ? new Date() : null,
      currentlyDue: account.currentlyDue ?? [],
      pastDue: account.pastDue ?? [],
    })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

/** The account as Stripe changes it later: onboarding finished (or not), requirements added or met. */
export async function updateSandboxAccount(
  db: Db,
  accountId: string,
  change: SandboxAccountChange,
): Promise<SandboxAccountRow> {
  const current = await sandboxAccount(db, accountId);
  const [row] = await db
    .update(sandboxAccounts)
    .set({
      ...(change.detailsSubmitted === undefined
        ? {}
        : {
            detailsSubmittedAt: change.detailsSubmitted ? (current.detailsSubmittedAt ?? new Date()) : null,
          }),
      ...(change.currentlyDue ? { currentlyDue: change.currentlyDue } : {}),
      ...(change.pastDue ? { pastDue: change.pastDue } : {}),
    })
    .where(eq(sandboxAccounts.id, accountId))
    .returning();
  return row ?? current;
}

/** Stripe's metadata on a payout (what funded it), kept beside the sandbox's own record of the payout. */
export async function setSandboxPayoutMetadata(
  db: Db,
  payoutId: string,
  metadata: Record<string, string>,
): Promise<void> {
  await db.update(sandboxPayouts).set({ metadata }).where(eq(sandboxPayouts.id, payoutId));
}

export async function sandboxTransfer(db: Db, transferId: string): Promise<SandboxTransferRow> {
  const [row] = await db.select().from(sandboxTransfers).where(eq(sandboxTransfers.id, transferId));
  if (!row) throw new GatewayRequestError("resource_missing", `No such transfer: '${transferId}'`, 404);
  return row;
}

/** Moves money from the platform to a connected account; the same idempotency key again answers the first one. */
export async function createSandboxTransfer(
  db: Db,
  input: {
    destination: string;
    amountCents: number;
    currency: string;
    transferGroup: string | null;
    metadata: Record<string, string>;
    idempotencyKey: string | null;
  },
): Promise<SandboxTransferRow> {
  if (input.idempotencyKey) {
    const [existing] = await db
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.idempotencyKey, input.idempotencyKey));
    if (existing) return existing;
  }
  await sandboxAccount(db, input.destination);
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1) {
    throw new GatewayRequestError("amount_too_small", "The transfer amount must be at least 1 cent.");
  }
  const [row] = await db
    .insert(sandboxTransfers)
    .values({ id: sandboxId("tr"), ...input })
    .onConflictDoNothing({ target: sandboxTransfers.idempotencyKey })
    .returning();
  return row ?? sandboxTransferByKey(db, input.idempotencyKey ?? "");
}

async function sandboxTransferByKey(db: Db, key: string): Promise<SandboxTransferRow> {
  const [row] = await db.select().from(sandboxTransfers).where(eq(sandboxTransfers.idempotencyKey, key));
  if (!row) throw new Error("idempotent transfer vanished");
  return row;
}

/**
 * Takes some of a transfer back to the platform; never more than is left of it. The same idempotency key again
 * answers the first reversal.
 */
export async function reverseSandboxTransfer(
  db: Db,
  input: {
    transferId: string;
    amountCents: number;
    metadata: Record<string, string>;
    idempotencyKey: string | null;
  },
): Promise<typeof sandboxTransferReversals.$inferSelect> {
  if (input.idempotencyKey) {
    const [existing] = await db
      .select()
      .from(sandboxTransferReversals)
      .where(eq(sandboxTransferReversals.idempotencyKey, input.idempotencyKey));
    if (existing) return existing;
  }
  const transfer = await sandboxTransfer(db, input.transferId);
  const amount = input.amountCents;
  if (!Number.isSafeInteger(amount) || amount < 1) {
    throw new GatewayRequestError("amount_too_small", "The reversal amount must be at least 1 cent.");
  }
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(sandboxTransfers)
      .set({ amountReversedCents: sql`${sandboxTransfers.amountReversedCents} + ${amount}` })
      .where(
        and(
          eq(sandboxTransfers.id, transfer.id),
          sql`${sandboxTransfers.amountReversedCents} + ${amount} <= ${sandboxTransfers.amountCents}`,
        ),
      )
      .returning();
    if (!updated) {
      throw new GatewayRequestError(
        "transfer_reversal_exceeds_amount",
        "The reversal is more than what is left of the transfer.",
      );
    }
    const [reversal] = await tx
      .insert(sandboxTransferReversals)
      .values({
        id: sandboxId("trr"),
        transferId: transfer.id,
        amountCents: amount,
        metadata: input.metadata,
        idempotencyKey: input.idempotencyKey,
      })
      .returning();
    if (!reversal) throw new Error("insert returned nothing");
    return reversal;
  });
}
