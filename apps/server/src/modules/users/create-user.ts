import { newId } from "@mx/kit/secrets";
import { users } from "../../db/schema/users";
import type { AppDeps } from "../../deps";
import { hashPassword } from "../../lib/passwords";
import { createSession } from "../auth/sessions";
import { consumeOtpToken } from "../otp/verify-otp";
import { assertIdentityFree, identityConflict } from "./find-user";

export type CreateUserInput = {
  email: string;
  password: string;
  otpToken: string;
  fullName: string;
  userName: string;
  userType?: string;
  appType?: string;
  deviceToken?: string;
};

/** Sign-up: spends the token of a verified UR code for this e-mail, creates the account and a session. */
export async function createUser(
  { db, config }: AppDeps,
  input: CreateUserInput,
): Promise<{ accessToken: string; userId: string }> {
  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const userId = newId();
  try {
    const accessToken = await db.transaction(async (tx) => {
      await consumeOtpToken(tx, config.sessionSecret, { email, type: "UR", token: input.otpToken });
      await assertIdentityFree(tx, { email, userName: input.userName });
      await tx.insert(users).values({
        id: userId,
        email,
        userName: input.userName,
        fullName: input.fullName,
        passwordHash,
        userType: input.userType ?? null,
        appType: input.appType ?? null,
        deviceToken: input.deviceToken ?? null,
      });
      return createSession(tx, config.sessionSecret, userId);
    });
    return { accessToken, userId };
  } catch (error) {
    throw identityConflict(error) ?? error;
  }
}
