import { api } from "@mx/shared/routes";
import { PayoutReplyData } from "@mx/shared/schemas/payouts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRestrictionRecheck } from "../../../components/restriction/restriction-notice";
import { apiRequest } from "../../../lib/api-client";
import { payoutKeys } from "./keys";

/** POST users/manual-payout (no body): the whole balance goes out; the key makes a retry safe. */
async function manualPayout(idempotencyKey: string): Promise<string> {
  const reply = await apiRequest(api.manualPayout, {
    schema: PayoutReplyData,
    method: "POST",
    auth: true,
    headers: { "Idempotency-Key": idempotencyKey },
  });
  return reply.data?.message ?? reply.message;
}

/** Whatever the outcome, the balance and the history are read again; a refusal reads the account again too. */
export function useManualPayout() {
  const queryClient = useQueryClient();
  // Refused (403): the account is read again, so a restriction made since the page loaded shows its notice.
  const recheckRestriction = useRestrictionRecheck();
  return useMutation({
    mutationFn: manualPayout,
    onError: recheckRestriction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}
