import { api } from "@mx/shared/routes";
import type { ResetPasswordBody } from "@mx/shared/schemas/auth";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

async function resetPassword(body: ResetPasswordBody): Promise<string> {
  const reply = await apiRequest<unknown>(api.resetPassword, { method: "POST", body });
  return reply.message;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
