import { api } from "@mx/shared/routes";
import type { CardListData, PaymentCard } from "@mx/shared/schemas/payments";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

/** The player's buying cards; every card call of this feature reads or writes this cache entry. */
export const paymentMethodsKey = ["payment-methods"] as const;

/** The default card first, then the newest (the server's order). */
export async function getPaymentMethods(signal?: AbortSignal): Promise<PaymentCard[]> {
  const reply = await apiRequest<Partial<CardListData> | null>(api.paymentMethods, { auth: true, signal });
  return reply.data?.cardList ?? [];
}

export function usePaymentMethods() {
  return useQuery({ queryKey: paymentMethodsKey, queryFn: ({ signal }) => getPaymentMethods(signal) });
}
