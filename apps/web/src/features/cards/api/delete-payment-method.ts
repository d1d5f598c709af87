import { api } from "@mx/shared/routes";
import { MessageData } from "@mx/shared/schemas/common";
import type { PaymentCard } from "@mx/shared/schemas/payments";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { paymentMethodsKey } from "./get-payment-methods";

/** Removes one of the player's cards; resolves to the server's message. */
async function deletePaymentMethod(paymentMethodId: string): Promise<string> {
  const reply = await apiRequest(api.deletePaymentMethod(paymentMethodId), {
    schema: MessageData,
    method: "DELETE",
    auth: true,
  });
  return reply.data.message;
}

/**
 * The card leaves the local list at once; the list is then read again, since the server
 * may have made another card the default in its place.
 */
export function useDeletePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePaymentMethod,
    onSuccess: (_message, paymentMethodId) => {
      queryClient.setQueryData<PaymentCard[]>(paymentMethodsKey, (cards) =>
        cards?.filter((card) => card.paymentMethodId !== paymentMethodId),
      );
      void queryClient.invalidateQueries({ queryKey: paymentMethodsKey });
    },
  });
}
