import { api } from "@mx/shared/routes";
import { type DevelopBody, DevelopData } from "@mx/shared/schemas/developments";
import type { Property } from "@mx/shared/schemas/properties";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ConfirmWithBank } from "../../../components/bank-check/confirm-with-bank";
import { parseReply, paymentRequest } from "../../../lib/api-client";
import { profileQueryKey } from "../../../lib/current-profile";
import { queryKeys } from "../../../lib/query-keys";
import { purchaseCopy } from "../copy";

export interface DevelopInput {
  propertyId: string;
  buildingId: string;
  kind: string;
  /** The name of the development, for the message when the server sends none. */
  name: string;
  /** A saved card, "paypal", or "credits" when credits pay everything. */
  paymentMethodId: string;
  /** Offer-wall credits to spend, in dollars (the card or PayPal pays the rest). */
  credits: number;
  /** One per confirmation: a repeat with the same key is answered with the first result, never charged twice. */
  idempotencyKey: string;
}

export interface Developed {
  message: string;
  development: DevelopData["development"];
}

/** As the building purchase: a 202 means the bank (or PayPal) asks the player first; the call then ends as a 200. */
async function developProperty(
  { idempotencyKey, ...order }: DevelopInput,
  confirmWithBank: ConfirmWithBank,
): Promise<Developed> {
  const body: DevelopBody = {
    propertyId: order.propertyId,
    kind: order.kind,
    // Credits that pay everything name no card: the server charges nothing. PayPal is named "paypal", as a card.
    ...(order.paymentMethodId === "credits" ? {} : { paymentMethodId: order.paymentMethodId }),
    ...(order.credits > 0 ? { credits: order.credits } : {}),
  };
  const answer = await paymentRequest<unknown>(api.develop, {
    method: "POST",
    body,
    auth: true,
    headers: { "Idempotency-Key": idempotencyKey },
  });
  const reply = parseReply(
    api.develop,
    answer.requiresAction ? await confirmWithBank<unknown>(answer.action) : answer.reply,
    DevelopData,
  );
  return {
    message: reply.data.message || reply.message || purchaseCopy.developing(order.name),
    development: reply.data.development,
  };
}

/** After paying, the building's details show the construction at once; balances and lists refetch when shown. */
export function useDevelopProperty(confirmWithBank: ConfirmWithBank) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DevelopInput) => developProperty(input, confirmWithBank),
    onSuccess: ({ development }, { buildingId }) => {
      queryClient.setQueryData<Property>(queryKeys.properties.details(buildingId), (property) =>
        property ? { ...property, development } : property,
      );
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.properties.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.offerwall.all });
    },
  });
}
