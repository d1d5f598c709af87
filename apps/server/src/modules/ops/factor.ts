import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { AppError } from "@mx/kit/errors";
import { keyedHash, safeEqual } from "@mx/kit/secrets";
import type { Enrolment, OperatorStatus } from "@mx/shared/schemas/ops";
import { eq } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import type { Queryable } from "../../db/client";
import { operatorFactors, operatorProofs } from "../../db/schema/ops";
import { users } from "../../db/schema/users";
import type { AuthContext } from "../auth/sessions";
import { type Actor, audit } from "./audit";
import { roleOf } from "./roles";

const RECOVERY_CODES = 8;

/** The key the TOTP secrets are encrypted under, derived from the session secret. */
const keyOf = (sessionSecret: string) =>
  Buffer.from(hkdfSync("sha256", sessionSecret, "mx-operator-factor", "totp-secret", 32));

function sealSecret(sessionSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(sessionSecret), iv);
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".");
}

function openSecret(sessionSecret: string, sealed: string): string {
  const [iv, tag, body] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !body) throw new Error("a sealed secret has three parts");
  const decipher = createDecipheriv("aes-256-gcm", keyOf(sessionSecret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
}

const hashRecovery = (sessionSecret: string, code: string) =>
  keyedHash(sessionSecret, "operator-recovery", code.replace(/-/g, "").toLowerCase());

async function factorOf(q: Queryable, userId: string) {
  const [row] = await q.select().from(operatorFactors).where(eq(operatorFactors.userId, userId)).limit(1);
  return row ?? null;
}

export async function operatorStatus(q: Queryable, auth: AuthContext): Promise<OperatorStatus> {
  const role = await roleOf(q, auth.userId);
  if (!role) throw new AppError("FORBIDDEN", "This is for operators only.");
  const factor = await factorOf(q, auth.userId);
  const [proof] = await q
    .select({ at: operatorProofs.provenAt })
    .from(operatorProofs)
    .where(eq(operatorProofs.sessionId, auth.sessionId))
    .limit(1);
  return { userId: auth.userId, role, enrolled: Boolean(factor?.confirmedAt), proven: proof !== undefined };
}

/**
 * Starts (or starts again) enrolment: a new secret, its QR code and recovery codes, shown this once. Refused once a
 * factor is confirmed: the secret is never handed out again (an admin takes the role away and grants it anew).
 */
export async function startEnrolment(
  q: Queryable,
  sessionSecret: string,
  auth: AuthContext,
): Promise<Enrolment> {
  const existing = await factorOf(q, auth.userId);
  if (existing?.confirmedAt) throw new AppError("CONFLICT", "A second factor is already enrolled.");
  const [user] = await q.select({ email: users.email }).from(users).where(eq(users.id, auth.userId));
  const secret = generateSecret();
  const otpauthUrl = generateURI({ issuer: "Manhattan Exchange", label: user?.email ?? auth.userId, secret });
  const recoveryCodes = Array.from({ length: RECOVERY_CODES }, () => {
    const hex = randomBytes(5).toString("hex");
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
  const values = {
    secretCipher: sealSecret(sessionSecret, secret),
    recoveryCodeHashes: recoveryCodes.map((c) => hashRecovery(sessionSecret, c)),
    confirmedAt: null,
    lastStep: null,
    createdAt: new Date(),
  };
  await q
    .insert(operatorFactors)
    .values({ userId: auth.userId, ...values })
    .onConflictDoUpdate({ target: operatorFactors.userId, set: values });
  const qrCode = `data:image/svg+xml;base64,${Buffer.from(
    await QRCode.toString(otpauthUrl, { type: "svg", margin: 1 }),
  ).toString("base64")}`;
  return { secret, otpauthUrl, qrCode, recoveryCodes };
}

/**
 * Checks a code from the authenticator (or a recovery code, used once) and marks this session as having passed the
 * second factor. The first code confirms enrolment. A code is not accepted twice.
 */
export async function passSecondFactor(
  q: Queryable,
  sessionSecret: string,
  auth: AuthContext,
  code: string,
): Promise<void> {
  const role = await roleOf(q, auth.userId);
  if (!role) throw new AppError("FORBIDDEN", "This is for operators only.");
  await q.transaction(async (tx) => {
    const [factor] = await tx
      .select()
      .from(operatorFactors)
      .where(eq(operatorFactors.userId, auth.userId))
      .for("update");
    if (!factor) throw new AppError("BAD_REQUEST", "Enrol a second factor first.");
    const wrong = new AppError("SECOND_FACTOR_REQUIRED", "That code is not right; try the next one.");
    let how: string;
    if (/^\d{6}$/.test(code)) {
      const result = await verify({
        secret: openSecret(sessionSecret, factor.secretCipher),
        token: code,
        epochTolerance: 30,
        ...(factor.lastStep ? { afterTimeStep: Number(factor.lastStep) } : {}),
      });
      if (!result.valid) throw wrong;
      const step = "timeStep" in result ? result.timeStep : Math.floor(Date.now() / 30_000);
      await tx
        .update(operatorFactors)
        .set({ lastStep: String(step), confirmedAt: factor.confirmedAt ?? new Date() })
        .where(eq(operatorFactors.userId, auth.userId));
      how = factor.confirmedAt ? "totp" : "enrolment";
    } else {
      if (!factor.confirmedAt)
        throw new AppError("BAD_REQUEST", "Confirm enrolment with a code from the app.");
      const hash = hashRecovery(sessionSecret, code);
      const left = factor.recoveryCodeHashes.filter((h) => !safeEqual(h, hash));
      if (left.length === factor.recoveryCodeHashes.length) throw wrong;
      await tx
        .update(operatorFactors)
        .set({ recoveryCodeHashes: left })
        .where(eq(operatorFactors.userId, auth.userId));
      how = "recovery code";
    }
    await tx
      .insert(operatorProofs)
      .values({ sessionId: auth.sessionId, userId: auth.userId })
      .onConflictDoNothing();
    const actor: Actor = { userId: auth.userId, role };
    await audit(tx, actor, {
      action: "operator.second-factor",
      targetType: "player",
      targetId: auth.userId,
      after: { how },
    });
  });
}
