import { AppError } from "@mx/kit/errors";
import { lockKey } from "@mx/kit/locks";
import { keyedHash, newToken, safeEqual } from "@mx/kit/secrets";
import {
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_TOKEN_TTL_SECONDS,
  type OtpType,
  RECOVERY_WRONG_GUESSES_PER_DAY,
} from "@mx/shared/constants";
import { serverMessages } from "@mx/shared/messages";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { otpCodes } from "../../db/schema/otp";
import type { AppDeps } from "../../deps";
import { hashCode } from "./create-otp";
import {
  noticeRecoveryLocked,
  recoveryGuessesExhausted,
  recoveryLockedError,
  recoveryUsage,
} from "./recovery-limits";

const hashOtpToken = (secret: string, token: string) => keyedHash(secret, "otp-token", token);

/**
 * Checks a code against the newest one sent. Each guess is counted before it is compared, atomically,
 * so parallel guesses cannot exceed the limit. A right code yields a one-use token.
 */
export async function verifyOtp(
  deps: AppDeps,
  { email, type, otp }: { email: string; type: OtpType; otp: number | string },
): Promise<{ token: string }> {
  const { db, config } = deps;
  const address = email.toLowerCase();
  const code = String(otp).padStart(OTP_LENGTH, "0");
  const [latest] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.email, address), eq(otpCodes.type, type)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (!latest) throw new AppError("OTP_INVALID", serverMessages.otpInvalid);
  if (latest.attempts >= OTP_MAX_ATTEMPTS) {
    throw new AppError("OTP_TOO_MANY_ATTEMPTS", serverMessages.otpTooManyAttempts);
  }
  if (latest.consumedAt || latest.expiresAt.getTime() <= Date.now()) {
    throw new AppError("OTP_EXPIRED", serverMessages.otpExpired);
  }

  // Recovery guesses are also capped per address and day, across all codes: checked and counted under the
  // address's lock, so parallel guesses cannot pass the cap either.
  const { counted, usage } = await db.transaction(async (tx) => {
    if (type === "UFP") await lockKey(tx, `otp:${address}`);
    const fresh = type === "UFP" ? await recoveryUsage(tx, address) : null;
    if (fresh && recoveryGuessesExhausted(fresh)) return { counted: null, usage: fresh };
    const [counted] = await tx
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(
        and(eq(otpCodes.id, latest.id), isNull(otpCodes.consumedAt), lt(otpCodes.attempts, OTP_MAX_ATTEMPTS)),
      )
      .returning({ attempts: otpCodes.attempts });
    return { counted: counted ?? null, usage: fresh };
  });
  if (usage && recoveryGuessesExhausted(usage)) {
    await noticeRecoveryLocked(deps, address);
    throw recoveryLockedError(usage);
  }
  if (!counted) throw new AppError("OTP_TOO_MANY_ATTEMPTS", serverMessages.otpTooManyAttempts);

  if (!safeEqual(hashCode(config.sessionSecret, latest.id, code), latest.codeHash)) {
    if (usage && usage.wrong + 1 >= RECOVERY_WRONG_GUESSES_PER_DAY) await noticeRecoveryLocked(deps, address);
    const left = OTP_MAX_ATTEMPTS - counted.attempts;
    throw new AppError(
      "OTP_INVALID",
      left > 0
        ? `${serverMessages.otpInvalid} ${left} ${left === 1 ? "attempt" : "attempts"} left.`
        : serverMessages.otpTooManyAttempts,
    );
  }

  const token = newToken();
  const now = new Date();
  const [won] = await db
    .update(otpCodes)
    .set({
      consumedAt: now,
      tokenHash: hashOtpToken(config.sessionSecret, token),
      tokenExpiresAt: new Date(now.getTime() + OTP_TOKEN_TTL_SECONDS * 1000),
    })
    .where(and(eq(otpCodes.id, latest.id), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  if (!won) throw new AppError("OTP_EXPIRED", serverMessages.otpExpired);
  return { token };
}

/** Spends the token a verified code yielded; part of the caller's transaction, so a failed sign-up keeps it. */
export async function consumeOtpToken(
  q: Queryable,
  secret: string,
  { email, type, token }: { email: string; type: OtpType; token: string },
): Promise<void> {
  const now = new Date();
  const [used] = await q
    .update(otpCodes)
    .set({ tokenUsedAt: now })
    .where(
      and(
        eq(otpCodes.tokenHash, hashOtpToken(secret, token)),
        eq(otpCodes.email, email.toLowerCase()),
        eq(otpCodes.type, type),
        isNull(otpCodes.tokenUsedAt),
        gt(otpCodes.tokenExpiresAt, now),
      ),
    )
    .returning({ id: otpCodes.id });
  if (!used) throw new AppError("OTP_TOKEN_INVALID", serverMessages.otpTokenInvalid);
}
