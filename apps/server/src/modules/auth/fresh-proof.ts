import { AppError } from "@mx/kit/errors";
import { FRESH_PROOF_SECONDS } from "@mx/shared/constants";
import { serverMessages } from "@mx/shared/messages";
import type { Proof } from "@mx/shared/schemas/auth";
import { and, eq, gt } from "drizzle-orm";
import { sessions } from "../../db/schema/users";
import type { AppDeps } from "../../deps";
import { consumeOtpToken } from "../otp/verify-otp";
import { findActiveUser } from "./active-user";
import { checkCurrentPassword } from "./change-password";
import type { AuthContext } from "./sessions";

/**
 * Money-moving changes (payout cards, the e-mail, the first payout after a password reset) need fresh proof that
 * the player is at the keyboard: the current password (counted like sign-in), or the token of a verified recovery
 * code sent to their own e-mail. Either marks the session proven; a session proven (or signed in) within
 * FRESH_PROOF_SECONDS needs nothing more. Otherwise 403 PROOF_REQUIRED, and nothing changes.
 */
export async function requireFreshProof(
  deps: AppDeps,
  auth: AuthContext,
  proof: Proof | undefined,
  source: string,
): Promise<void> {
  const { db, config } = deps;
  if (proof?.currentPassword !== undefined) {
    await checkCurrentPassword(deps, auth.userId, proof.currentPassword, source);
  } else if (proof?.otpToken !== undefined) {
    const user = await findActiveUser(db, auth.userId);
    if (!user.email) throw new AppError("PROOF_REQUIRED", serverMessages.proofRequired);
    await consumeOtpToken(db, config.sessionSecret, {
      email: user.email,
      type: "UFP",
      token: proof.otpToken,
    });
  } else {
    const [fresh] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.id, auth.sessionId),
          gt(sessions.provenAt, new Date(Date.now() - FRESH_PROOF_SECONDS * 1000)),
        ),
      );
    if (!fresh) throw new AppError("PROOF_REQUIRED", serverMessages.proofRequired);
    return;
  }
  await db.update(sessions).set({ provenAt: new Date() }).where(eq(sessions.id, auth.sessionId));
}
