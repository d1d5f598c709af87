import { api } from "@mx/shared/routes";
import type { Balance } from "@mx/shared/schemas/payouts";
import { BalanceData } from "@mx/shared/schemas/payouts";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "./api-client";
import { queryKeys } from "./query-keys";

/** The player's earnings (Withdrawal and Profile show them). GET users/balance: data.response (dollars, and the same in cents). */
async function getBalance(signal?: AbortSignal): Promise<Balance> {
  const reply = await apiRequest(api.balance, { auth: true, signal, schema: BalanceData });
  const balance = reply.data?.response;
  return {
    availableAmount: balance?.availableAmount ?? 0,
    availableCents: balance?.availableCents ?? Math.round((balance?.availableAmount ?? 0) * 100),
    pendingAmount: balance?.pendingAmount ?? 0,
    currency: balance?.currency ?? "usd",
    instantPayoutFee: balance?.instantPayoutFee ?? 1,
    clearingAmount: balance?.clearingAmount ?? 0,
    clearingCents: balance?.clearingCents ?? 0,
    clearing: balance?.clearing ?? [],
  };
}

/** Earnings change when a building sells elsewhere in the app: read again whenever the screen opens. */
export function useBalance() {
  return useQuery({
    queryKey: queryKeys.payouts.balance,
    queryFn: ({ signal }) => getBalance(signal),
    refetchOnMount: "always",
  });
}
