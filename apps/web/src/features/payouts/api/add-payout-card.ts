import { api } from "@mx/shared/routes";
import type { PayoutCard } from "@mx/shared/schemas/payouts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { payoutKeys } from "./keys";

interface NewPayoutCard {
  /** The player's connected account (the profile's stripeConnAccId); the server checks it is theirs. */
  accountId: string | null;
  /** A processor token for a debit card, never the number. */
  tokenId: string;
}

/** POST users/stripe/external/account/details/v1 {accountId, tokenId}: the new card (data.data). */
async function addPayoutCard({ accountId, tokenId }: NewPayoutCard): Promise<PayoutCard | null> {
  const reply = await apiRequest<{ data?: PayoutCard } | null>(api.addPayoutCard, {
    method: "POST",
    body: accountId ? { accountId, tokenId } : { tokenId },
    auth: true,
  });
  return reply.data?.data ?? null;
}

export function useAddPayoutCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPayoutCard,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: payoutKeys.cards });
    },
  });
}
