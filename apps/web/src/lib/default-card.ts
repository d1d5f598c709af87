import { api } from "@mx/shared/routes";
import type { PaymentCard } from "@mx/shared/schemas/payments";
import { CardListData } from "@mx/shared/schemas/payments";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "./api-client";
import { queryKeys } from "./query-keys";

/**
 * The player's buying cards, as the review screens (Order Review, Bid Review) read them. Same
 * endpoint and cache key as the Payment Methods screen's list, so a card added or made default
 * there shows here at once.
 */
const paymentMethodsKey = queryKeys.paymentMethods;

async function getPaymentMethods(signal?: AbortSignal): Promise<PaymentCard[]> {
  const reply = await apiRequest(api.paymentMethods, { auth: true, signal, schema: CardListData });
  return reply.data?.cardList ?? [];
}

/**
 * Read again whenever a review opens: the card charged or held must be the one on file now. `enabled: false` reads
 * nothing (a screen that only sometimes needs them, such as the shop's payment form for a visitor).
 */
export function usePaymentMethods({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: paymentMethodsKey,
    queryFn: ({ signal }) => getPaymentMethods(signal),
    refetchOnMount: "always",
    enabled,
  });
}
