import { api } from "@mx/shared/routes";
import type { PayoutType } from "@mx/shared/schemas/payouts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import type { PayoutDetails } from "./get-payout-details";
import { payoutKeys } from "./keys";

/** PUT users/edit-Payout {type}: manual, or automatic (the whole balance, daily). */
async function editPayout(type: PayoutType): Promise<string> {
  const reply = await apiRequest<unknown>(api.editPayout, { method: "PUT", body: { type }, auth: true });
  return reply.message;
}

export function useEditPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editPayout,
    onSuccess: (_message, payoutType) => {
      queryClient.setQueryData<PayoutDetails>(payoutKeys.details, (details) =>
        details ? { ...details, payoutType } : details,
      );
    },
  });
}
