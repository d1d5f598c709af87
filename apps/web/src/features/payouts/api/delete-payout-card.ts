import { api } from "@mx/shared/routes";
import { MessageData } from "@mx/shared/schemas/common";
import type { PayoutCard } from "@mx/shared/schemas/payouts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { payoutKeys } from "./keys";

/** DELETE users/deleteSubaccount/{id}; resolves to the server's message. */
async function deletePayoutCard(cardId: string): Promise<string> {
  const reply = await apiRequest(api.deletePayoutCard(cardId), {
    schema: MessageData,
    method: "DELETE",
    auth: true,
  });
  return reply.data.message;
}

/** The card leaves the list at once; the list is read again, since another card may be the default now. */
export function useDeletePayoutCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePayoutCard,
    onSuccess: (_message, cardId) => {
      queryClient.setQueryData<PayoutCard[]>(payoutKeys.cards, (cards) =>
        cards?.filter((c) => c.id !== cardId),
      );
      void queryClient.invalidateQueries({ queryKey: payoutKeys.cards });
    },
  });
}
