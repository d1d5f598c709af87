import { and, eq, inArray, sql } from "drizzle-orm";
import { developments } from "../../db/schema/developments";
import type { AppDeps } from "../../deps";
import { type Recovery, recoverOperation } from "../money/operation";
import { WAITING_PAYMENT_MS } from "../payments/waiting-payments";
import { developmentOperation } from "./development-operation";

/** Developments a stopped request left in the middle (reserved or refunding), untouched for the recovery delay. */
export async function findInterruptedDevelopments(deps: AppDeps, now = new Date()): Promise<string[]> {
  const before = new Date(now.getTime() - deps.config.moneyRecoveryAfterMs);
  const rows = await deps.db
    .select({ id: developments.id })
    .from(developments)
    .where(
      and(
        inArray(developments.state, ["reserved", "refunding"]),
        sql`${developments.updatedAt} < ${before.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(developments.updatedAt)
    .limit(500);
  return rows.map((r) => r.id);
}

/**
 * Resumes one interrupted development from its state and the processor's record (money/operation.ts): started if
 * paid (refunded if it can no longer start), released if never paid, left waiting while the owner may still act.
 * Claimed by moving its clock, so that of two instances one does it.
 */
export async function recoverDevelopment(deps: AppDeps, id: string, now = new Date()): Promise<Recovery> {
  const before = new Date(now.getTime() - deps.config.moneyRecoveryAfterMs);
  const [row] = await deps.db
    .update(developments)
    .set({ updatedAt: sql`now()` })
    .where(
      and(
        eq(developments.id, id),
        inArray(developments.state, ["reserved", "refunding"]),
        sql`${developments.updatedAt} < ${before.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  if (!row) return "settled already";
  const waitUntil = new Date(
    Math.min(
      row.awaitingUntil?.getTime() ?? Number.POSITIVE_INFINITY,
      row.createdAt.getTime() + WAITING_PAYMENT_MS,
    ),
  );
  return recoverOperation(developmentOperation(deps, null), row, {
    waitUntil: row.awaitingUntil ? waitUntil : null,
    now,
  });
}
