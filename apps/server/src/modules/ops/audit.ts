import { newId } from "@mx/kit/secrets";
import type { AuditEntry } from "@mx/shared/schemas/ops";
import { and, desc, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { auditLog } from "../../db/schema/ops";
import { users } from "../../db/schema/users";

/** Who acts: an operator (with the role they hold), or the command line. */
export type Actor = { userId: string | null; role: string };

export const SCRIPT_ACTOR: Actor = { userId: null, role: "script" };

/** Writes one row of the audit log, in the transaction of the change it records. */
export async function audit(
  q: Queryable,
  actor: Actor,
  entry: { action: string; targetType: string; targetId: string; before?: unknown; after?: unknown },
): Promise<void> {
  await q.insert(auditLog).values({
    id: newId(),
    actorId: actor.userId,
    actorRole: actor.role,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** The newest 200 rows of the audit log, of one target if asked. */
export async function listAudit(
  q: Queryable,
  filter: { targetType?: string; targetId?: string } = {},
): Promise<AuditEntry[]> {
  const rows = await q
    .select({ row: auditLog, actorName: users.userName })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        filter.targetType ? eq(auditLog.targetType, filter.targetType) : undefined,
        filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(200);
  return rows.map(({ row, actorName }) => ({
    id: row.id,
    actorId: row.actorId,
    actorName,
    actorRole: row.actorRole,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before,
    after: row.after,
    createdAt: row.createdAt.toISOString(),
  }));
}
