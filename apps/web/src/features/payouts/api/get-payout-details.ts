import { api } from "@mx/shared/routes";
import { PayoutDetailsData } from "@mx/shared/schemas/payouts";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { payoutKeys } from "./keys";

export type PayoutDetails = PayoutDetailsData["response"];

/** GET users/payout/details: the history (data.response.payouts), newest first, and the payout schedule. */
async function getPayoutDetails(signal?: AbortSignal): Promise<PayoutDetails> {
  const reply = await apiRequest(api.payoutDetails, {
    auth: true,
    signal,
    schema: PayoutDetailsData,
  });
  const response = reply.data?.response;
  return {
    payouts: response?.payouts ?? [],
    totalCount: response?.totalCount ?? response?.payouts?.length ?? 0,
    payoutType: response?.payoutType ?? "manual",
  };
}

export function usePayoutDetails(enabled = true) {
  return useQuery({
    queryKey: payoutKeys.details,
    queryFn: ({ signal }) => getPayoutDetails(signal),
    refetchOnMount: "always",
    enabled,
  });
}
