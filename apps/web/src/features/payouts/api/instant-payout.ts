import { serverMessages } from "@mx/shared/messages";
import { api } from "@mx/shared/routes";
import { PayoutReplyData } from "@mx/shared/schemas/payouts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRestrictionRecheck } from "../../../components/restriction/restriction-notice";
import { ApiError, apiRequest } from "../../../lib/api-client";
import { payoutKeys } from "./keys";

interface InstantPayoutInput {
  /** Cents taken from the balance; the 1.00 fee comes out of them. */
  amount: number;
  cardId: string;
  idempotencyKey: string;
}

/**
 * POST users/instant-payout-card {amount, currency, cardId}. It succeeded only if the message says
 * 'Payout successfully completed'; any other reply is a failure with that message
 * (docs/decisions/0007-instant-payout-checks.md).
 */
async function instantPayout({ amount, cardId, idempotencyKey }: InstantPayoutInput): Promise<string> {
  const reply = await apiRequest(api.instantPayout, {
    schema: PayoutReplyData,
    method: "POST",
    body: { amount, currency: "usd", cardId },
    auth: true,
    headers: { "Idempotency-Key": idempotencyKey },
  });
  const message = reply.data?.message ?? reply.message;
  if (message !== serverMessages.payoutCompleted)
    throw new ApiError(message || "Payout failed", reply.statusCode);
  return message;
}

export function useInstantPayout() {
  const queryClient = useQueryClient();
  // Refused (403): the account is read again, so a restriction made since the page loaded shows its notice.
  const recheckRestriction = useRestrictionRecheck();
  return useMutation({
    mutationFn: instantPayout,
    onError: recheckRestriction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}
