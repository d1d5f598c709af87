import { api } from "@mx/shared/routes";
import type { PayoutCard } from "@mx/shared/schemas/payouts";
import { PayoutCardListData } from "@mx/shared/schemas/payouts";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { payoutKeys } from "./keys";

/** GET users/externalAccountList: the player's payout cards, the default first (data.response). */
async function getPayoutCards(signal?: AbortSignal): Promise<PayoutCard[]> {
  const reply = await apiRequest(api.payoutCards, { auth: true, signal, schema: PayoutCardListData });
  return reply.data?.response ?? [];
}

/** Read again whenever a screen that shows them opens: the default is where money goes. */
export function usePayoutCards(enabled = true) {
  return useQuery({
    queryKey: payoutKeys.cards,
    queryFn: ({ signal }) => getPayoutCards(signal),
    refetchOnMount: "always",
    enabled,
  });
}
