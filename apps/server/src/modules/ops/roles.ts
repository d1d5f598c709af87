import { AppError } from "@mx/kit/errors";
import type { OperatorRole } from "@mx/shared/schemas/ops";
import { eq } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { operatorFactors, operatorProofs, operatorRoles } from "../../db/schema/ops";
import { users } from "../../db/schema/users";
import { type Actor, audit } from "./audit";

/** What each part of the console needs. */
export type Permission = "view" | "moderate" | "ship" | "money" | "roles";

const allowed: Record<OperatorRole, readonly Permission[]> = {
  // Support looks players up, moderates, ships orders; it moves no money.
  support: ["view", "moderate", "ship"],
  // Finance also refunds and retries money; it changes no roles.
  finance: ["view", "moderate", "ship", "money"],
  admin: ["view", "moderate", "ship", "money", "roles"],
};

export const can = (role: OperatorRole, permission: Permission): boolean =>
  allowed[role].includes(permission);

export async function roleOf(q: Queryable, userId: string): Promise<OperatorRole | null> {
  const [row] = await q
    .select({ role: operatorRoles.role })
    .from(operatorRoles)
    .where(eq(operatorRoles.userId, userId))
    .limit(1);
  return (row?.role as OperatorRole | undefined) ?? null;
}

/**
 * Grants a role to the account with this e-mail (or takes it away with `none`), in the audit log. Used by an admin
 * in the console and by `npm run ops -- grant`. Taking a role away also forgets the operator's second factor and
 * the sessions that passed it.
 */
export async function grantRole(
  db: Db,
  actor: Actor,
  { email, role }: { email: string; role: OperatorRole | "none" },
): Promise<{ userId: string; before: OperatorRole | null; after: OperatorRole | null }> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.email, email.trim().toLowerCase()))
      .limit(1);
    if (!user || user.deletedAt) throw new AppError("NOT_FOUND", `No player with the e-mail ${email}.`);
    if (actor.userId === user.id)
      throw new AppError("BAD_REQUEST", "email: you cannot change your own role.");
    const before = await roleOf(tx, user.id);
    const after = role === "none" ? null : role;
    if (after === null) {
      await tx.delete(operatorRoles).where(eq(operatorRoles.userId, user.id));
      await tx.delete(operatorFactors).where(eq(operatorFactors.userId, user.id));
      await tx.delete(operatorProofs).where(eq(operatorProofs.userId, user.id));
    } else {
      await tx
        .insert(operatorRoles)
        .values({ userId: user.id, role: after, grantedBy: actor.userId })
        .onConflictDoUpdate({
          target: operatorRoles.userId,
          set: { role: after, grantedBy: actor.userId, grantedAt: new Date() },
        });
    }
    await audit(tx, actor, {
      action: "role.grant",
      targetType: "player",
      targetId: user.id,
      before: { role: before },
      after: { role: after },
    });
    return { userId: user.id, before, after };
  });
}
