import { api } from "@mx/shared/routes";
import { CardListData, type PaymentCard } from "@mx/shared/schemas/payments";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { paymentMethodsKey } from "./get-payment-methods";

/** Makes one card the default; resolves to the server's list when it sends one. */
async function setDefaultPaymentMethod(paymentMethodId: string): Promise<PaymentCard[] | null> {
  const reply = await apiRequest(api.setDefaultPaymentMethod, {
    schema: CardListData,
    method: "POST",
    body: { paymentMethodId },
    auth: true,
  });
  return reply.data.cardList;
}

/** Exactly one card is marked default afterwards: the chosen one. */
function markDefault(cards: PaymentCard[], paymentMethodId: string): PaymentCard[] {
  return cards.map((card) => ({ ...card, isDefault: card.paymentMethodId === paymentMethodId }));
}

export function useSetDefaultPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultPaymentMethod,
    onSuccess: (cardList, paymentMethodId) => {
      queryClient.setQueryData<PaymentCard[]>(paymentMethodsKey, (cards) =>
        markDefault(cardList ?? cards ?? [], paymentMethodId),
      );
    },
  });
}
