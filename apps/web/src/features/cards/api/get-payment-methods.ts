import { api } from "@mx/shared/routes";
import type { PaymentCard } from "@mx/shared/schemas/payments";
import { CardListData } from "@mx/shared/schemas/payments";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** The player's buying cards; every card call of this feature reads or writes this cache entry. */
export const paymentMethodsKey = queryKeys.paymentMethods;

/** The default card first, then the newest (the server's order). */
async function getPaymentMethods(signal?: AbortSignal): Promise<PaymentCard[]> {
  const reply = await apiRequest(api.paymentMethods, { auth: true, signal, schema: CardListData });
  return reply.data?.cardList ?? [];
}

export function usePaymentMethods() {
  return useQuery({ queryKey: paymentMethodsKey, queryFn: ({ signal }) => getPaymentMethods(signal) });
}
