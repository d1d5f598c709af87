import { api } from "@mx/shared/routes";
import { PayoutAccountData } from "@mx/shared/schemas/payouts";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { payoutKeys } from "./keys";

/** GET users/stripe/payout-account: where the payout account stands and what Stripe still needs. */
async function getPayoutAccount(signal?: AbortSignal): Promise<PayoutAccountData | null> {
  const reply = await apiRequest(api.payoutAccount, { auth: true, signal, schema: PayoutAccountData });
  return reply.data ?? null;
}

/** Read again whenever a Withdrawal screen opens: Stripe may have asked for more since. */
export function usePayoutAccount() {
  return useQuery({
    queryKey: [...payoutKeys.all, "account"],
    queryFn: ({ signal }) => getPayoutAccount(signal),
    refetchOnMount: "always",
  });
}
