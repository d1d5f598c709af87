import { OPERATOR_ROLES, type OperatorRole } from "@mx/shared/schemas/ops";
import type { Db } from "../../db/client";
import { SCRIPT_ACTOR } from "./audit";
import { grantRole } from "./roles";

const OPS_USAGE = `usage: npm run ops -- grant <email> <${OPERATOR_ROLES.join("|")}|none>`;

/** `npm run ops -- grant <email> <role>`: makes the first admin (or any role), written to the audit log. */
export async function runOpsCommand(db: Db, args: string[], print: (line: string) => void): Promise<number> {
  const [command, email, role] = args;
  if (command !== "grant" || !email || !role) {
    print(OPS_USAGE);
    return 2;
  }
  if (role !== "none" && !(OPERATOR_ROLES as readonly string[]).includes(role)) {
    print(`unknown role ${role}; ${OPS_USAGE}`);
    return 2;
  }
  try {
    const done = await grantRole(db, SCRIPT_ACTOR, { email, role: role as OperatorRole | "none" });
    print(`${email}: ${done.before ?? "no role"} → ${done.after ?? "no role"}`);
    return 0;
  } catch (error) {
    print(error instanceof Error ? error.message : String(error));
    return 1;
  }
}
