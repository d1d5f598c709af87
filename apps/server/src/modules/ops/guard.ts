import { AppError } from "@mx/kit/errors";
import type { OperatorRole } from "@mx/shared/schemas/ops";
import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Queryable } from "../../db/client";
import { operatorProofs } from "../../db/schema/ops";
import { currentUser } from "../auth/plugin";
import type { Actor } from "./audit";
import { can, type Permission, roleOf } from "./roles";

export type Operator = Actor & { userId: string; role: OperatorRole; sessionId: string };

const operators = new WeakMap<FastifyRequest, Operator>();

/**
 * preHandler of the console's routes, after requireAuth: 403 unless the player holds an operator role, then 401
 * unless this session has passed the second factor, then 403 unless the role may do `permission`.
 */
export function operatorGuard(q: Queryable, permission: Permission) {
  return async (req: FastifyRequest) => {
    const auth = currentUser(req);
    const role = await roleOf(q, auth.userId);
    if (!role) throw new AppError("FORBIDDEN", "This is for operators only.");
    const [proof] = await q
      .select({ at: operatorProofs.provenAt })
      .from(operatorProofs)
      .where(and(eq(operatorProofs.sessionId, auth.sessionId), eq(operatorProofs.userId, auth.userId)))
      .limit(1);
    if (!proof) throw new AppError("SECOND_FACTOR_REQUIRED", "Give the code from your authenticator first.");
    if (!can(role, permission)) {
      throw new AppError("FORBIDDEN", `The ${role} role cannot do this.`);
    }
    operators.set(req, { userId: auth.userId, role, sessionId: auth.sessionId });
  };
}

/** onRequest of the second factor's own routes, after requireAuth: 403 unless the player holds an operator role. */
export function operatorOnly(q: Queryable) {
  return async (req: FastifyRequest) => {
    if (!(await roleOf(q, currentUser(req).userId))) {
      throw new AppError("FORBIDDEN", "This is for operators only.");
    }
  };
}

/** The operator a guarded route acts as. */
export function operatorOf(req: FastifyRequest): Operator {
  const operator = operators.get(req);
  if (!operator) throw new AppError("SECOND_FACTOR_REQUIRED", "Give the code from your authenticator first.");
  return operator;
}
