import type { OperatorRole } from "@mx/shared/schemas/ops";
import { generate } from "otplib";
import { runOpsCommand } from "../modules/ops/ops-command";
import { signUp, type TestApp } from "./harness";

/**
 * A signed-up player given `role` through the same code as `npm run ops -- grant`, enrolled in TOTP and past the
 * second factor on their session (unless `passed` is false): their token, secret and recovery codes.
 */
export async function signUpOperator(t: TestApp, role: OperatorRole, { passed = true } = {}) {
  const player = await signUp(t);
  const exit = await runOpsCommand(t.app.deps.db, ["grant", player.email, role], () => {});
  if (exit !== 0) throw new Error(`grant ${role} failed`);
  const enrol = await t.call("POST", "/api/v1/ops/factor/enrol", { token: player.token });
  if (enrol.statusCode !== 200) throw new Error(`enrol: ${enrol.body}`);
  const { secret, recoveryCodes } = enrol.json().data as { secret: string; recoveryCodes: string[] };
  if (passed) {
    const code = await generate({ secret });
    const verified = await t.call("POST", "/api/v1/ops/factor/verify", {
      token: player.token,
      body: { code },
    });
    if (verified.statusCode !== 200) throw new Error(`verify: ${verified.body}`);
  }
  return { ...player, role, secret, recoveryCodes };
}
