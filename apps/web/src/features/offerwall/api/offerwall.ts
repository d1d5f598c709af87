import { api } from "@mx/shared/routes";
import { type CompletedOffer, OfferwallData } from "@mx/shared/schemas/offerwall";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

const offerwallQueryKey = queryKeys.offerwall.wall;

async function getOfferwall(signal?: AbortSignal): Promise<OfferwallData> {
  return (await apiRequest(api.offerwall, { schema: OfferwallData, auth: true, signal })).data;
}

/** The wall, polled every 1.5 s while an offer waits for its partner's postback. */
export function useOfferwall() {
  return useQuery({
    queryKey: offerwallQueryKey,
    queryFn: ({ signal }) => getOfferwall(signal),
    refetchInterval: (query) =>
      query.state.data?.completed.some((offer) => offer.status === "pending") ? 1500 : false,
  });
}

/** Completes a sample offer of the sandbox wall; its credits arrive with the partner's postback, a little later. */
export function useCompleteSandboxOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (offerId: string) =>
      (
        await apiRequest<{ offer: CompletedOffer }>(api.offerwallPartnerComplete, {
          method: "POST",
          body: { offerId },
          auth: true,
        })
      ).data.offer,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.offerwall.all }),
  });
}
