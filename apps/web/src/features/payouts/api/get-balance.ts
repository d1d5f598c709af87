import { api } from "@mx/shared/routes";
import type { Balance } from "@mx/shared/schemas/payouts";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { payoutKeys } from "./keys";

/** GET users/balance: data.response (dollars, and the same in cents). */
export async function getBalance(signal?: AbortSignal): Promise<Balance> {
  const reply = await apiRequest<{ response?: Balance } | null>(api.balance, { auth: true, signal });
  const balance = reply.data?.response;
  return {
    availableAmount: balance?.availableAmount ?? 0,
    availableCents: balance?.availableCents ?? Math.round((balance?.availableAmount ?? 0) * 100),
    pendingAmount: balance?.pendingAmount ?? 0,
    currency: balance?.currency ?? "usd",
    instantPayoutFee: balance?.instantPayoutFee ?? 1,
  };
}

/** Earnings change when a building sells elsewhere in the app: read again whenever the screen opens. */
export function useBalance() {
  return useQuery({
    queryKey: payoutKeys.balance,
    queryFn: ({ signal }) => getBalance(signal),
    refetchOnMount: "always",
  });
}
