import { api } from "@mx/shared/routes";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

/** Revokes the token on the server; the caller forgets the session whatever the outcome. */
async function logout(): Promise<void> {
  await apiRequest<unknown>(api.logout, { method: "POST", auth: true });
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
