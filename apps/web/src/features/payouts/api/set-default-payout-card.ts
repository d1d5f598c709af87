import { api } from "@mx/shared/routes";
import { type PayoutCard, PayoutCardListData } from "@mx/shared/schemas/payouts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { payoutKeys } from "./keys";

/** PUT users/setDefaultSubaccount {AccountId, defaultCard: true}; resolves to the server's list when it sends one. */
async function setDefaultPayoutCard(cardId: string): Promise<PayoutCard[] | null> {
  const reply = await apiRequest(api.setDefaultPayoutCard, {
    schema: PayoutCardListData,
    method: "PUT",
    body: { AccountId: cardId, defaultCard: true },
    auth: true,
  });
  return reply.data.response;
}

/** Exactly one card is marked default afterwards: the chosen one. */
function markDefault(cards: PayoutCard[], cardId: string): PayoutCard[] {
  return cards.map((card) => ({ ...card, isDefault: card.id === cardId }));
}

export function useSetDefaultPayoutCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultPayoutCard,
    onSuccess: (list, cardId) => {
      queryClient.setQueryData<PayoutCard[]>(payoutKeys.cards, (cards) =>
        markDefault(list ?? cards ?? [], cardId),
      );
    },
  });
}
