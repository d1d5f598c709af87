import { api } from "@mx/shared/routes";
import type { MessageData } from "@mx/shared/schemas/common";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

/** Deletes the player's own account; resolves to the server's message (data.message). */
async function deleteAccount(userId: string): Promise<string> {
  const reply = await apiRequest<MessageData | null>(api.deleteUser(userId), {
    method: "DELETE",
    auth: true,
  });
  return reply.data?.message ?? reply.message;
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
