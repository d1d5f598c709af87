import { api } from "@mx/shared/routes";
import type { SignUpBody } from "@mx/shared/schemas/auth";
import { AuthData } from "@mx/shared/schemas/auth";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { requireAuthData } from "./auth-data";

interface NewAccount {
  email: string;
  password: string;
  otpToken: string;
  fullName: string;
  userName: string;
}

/**
 * Creates the account with the token from the verified code; the web app registers with the fields the game's
 * clients send (docs/decisions/0004-api-shaped-for-the-existing-client.md).
 */
async function signUp(account: NewAccount): Promise<AuthData> {
  const body: SignUpBody = {
    ...account,
    userType: "app",
    appType: "ios",
    deviceToken: String(Date.now()),
  };
  const reply = await apiRequest(api.signUp, { schema: AuthData, method: "POST", body });
  return requireAuthData(reply.data);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
