import { api } from "@mx/shared/routes";
import type { LoginBody } from "@mx/shared/schemas/auth";
import { AuthData } from "@mx/shared/schemas/auth";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { requireAuthData } from "./auth-data";

async function login(body: LoginBody): Promise<AuthData> {
  const reply = await apiRequest(api.login, { schema: AuthData, method: "POST", body });
  return requireAuthData(reply.data);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
