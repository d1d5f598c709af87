import { AppError } from "@mx/kit/errors";
import type { RestrictedPlayerPage } from "@mx/shared/schemas/ops";
import { isUuid } from "@mx/shared/uuid";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { users } from "../../db/schema/users";
import { announceInvalidation } from "../events/publish";
import { type Actor, audit } from "./audit";
import { decodeCursor, pageOf } from "./page-cursor";

/** Since when a player is restricted (their account's creation for a row restricted without a time). */
const since = sql`coalesce(${users.restrictedAt}, ${users.createdAt})`;

/** A page of the restricted players, restricted last first. */
export async function listRestrictedPlayers(
  q: Queryable,
  query: { limit: number; cursor?: string },
): Promise<RestrictedPlayerPage> {
  const place = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await q
    .select({
      id: users.id,
      userName: users.userName,
      email: users.email,
      reason: users.restrictedReason,
      restrictedAt: users.restrictedAt,
      createdAt: users.createdAt,
      pageKey: sql<string | null>`${since}::text`,
    })
    .from(users)
    .where(
      and(
        isNotNull(users.restrictedReason),
        place ? sql`(${since}, ${users.id}) < (${place.key}::timestamptz, ${place.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(since), desc(users.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit);
  return {
    players: page.rows.map((r) => ({
      id: r.id,
      userName: r.userName,
      email: r.email,
      reason: r.reason ?? "",
      since: (r.restrictedAt ?? r.createdAt).toISOString(),
    })),
    nextCursor: page.nextCursor,
  };
}

/**
 * Lifts a player's restriction: they may pay by card or PayPal and withdraw again. In the audit log with the
 * restriction it lifted and the operator's note.
 */
export async function liftRestriction(
  db: Db,
  actor: Actor,
  userId: string,
  note: string,
): Promise<{ id: string; userName: string | null; lifted: string }> {
  return db.transaction(async (tx) => {
    const [row] = isUuid(userId)
      ? await tx
          .select({
            id: users.id,
            userName: users.userName,
            reason: users.restrictedReason,
            at: users.restrictedAt,
          })
          .from(users)
          .where(eq(users.id, userId))
          .for("update")
      : [];
    if (!row) throw new AppError("NOT_FOUND", `No player with id ${userId}.`);
    if (!row.reason) throw new AppError("CONFLICT", `${row.userName ?? userId} is not restricted.`);
    await tx
      .update(users)
      .set({ restrictedReason: null, restrictedAt: null, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await announceInvalidation(tx, { player: userId });
    await audit(tx, actor, {
      action: "player.restriction.lift",
      targetType: "player",
      targetId: userId,
      before: { reason: row.reason, since: row.at?.toISOString() ?? null },
      after: { reason: null, since: null, note },
    });
    return { id: row.id, userName: row.userName, lifted: row.reason };
  });
}
