import { api } from "@mx/shared/routes";
import type { AuthData, LoginBody } from "@mx/shared/schemas/auth";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { requireAuthData } from "./auth-data";

async function login(body: LoginBody): Promise<AuthData> {
  // The reply's schema (and zod with it) loads when the player signs in, not with the sign-in page.
  const { AuthData } = await import("@mx/shared/schemas/auth");
  const reply = await apiRequest(api.login, { schema: AuthData, method: "POST", body });
  return requireAuthData(reply.data);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
