import type { CardBrand } from "@mx/shared/cards";
import { api } from "@mx/shared/routes";
import type { PaymentCard } from "@mx/shared/schemas/payments";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { paymentMethodsKey } from "./get-payment-methods";

/** The new card payload: a processor token, never the card number. */
export interface NewCard {
  token: string;
  /** Sent only when it is 4 digits; the server reads the card from the token either way. */
  last4?: string;
  brand: CardBrand;
}

/** Saves a tokenised card as the player's default (isDefault is always true on add). */
async function createPaymentMethod(card: NewCard): Promise<PaymentCard | null> {
  const reply = await apiRequest<{ card?: PaymentCard } | null>(api.createPaymentMethod, {
    method: "POST",
    body: {
      token: card.token,
      last4: card.last4 && /^\d{4}$/.test(card.last4) ? card.last4 : undefined,
      brand: card.brand || "other",
      isDefault: true,
    },
    auth: true,
  });
  return reply.data?.card ?? null;
}

/** The new card heads the cached list as the only default; the list is then read again. */
export function useCreatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaymentMethod,
    onSuccess: async (card) => {
      if (card) {
        queryClient.setQueryData<PaymentCard[]>(paymentMethodsKey, (cards) =>
          cards
            ? [card, ...cards.filter((c) => c.paymentMethodId !== card.paymentMethodId)].map((c) => ({
                ...c,
                isDefault: c.paymentMethodId === card.paymentMethodId,
              }))
            : cards,
        );
      }
      await queryClient.invalidateQueries({ queryKey: paymentMethodsKey });
    },
  });
}
