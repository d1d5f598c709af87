import { api } from "@mx/shared/routes";
import {
  type BuyPropertyBody,
  BuyPropertyData,
  type Location,
  type Property,
} from "@mx/shared/schemas/properties";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ConfirmWithBank } from "../../../components/bank-check/confirm-with-bank";
import { parseReply, paymentRequest } from "../../../lib/api-client";
import { profileQueryKey } from "../../../lib/current-profile";
import { queryKeys } from "../../../lib/query-keys";
import { purchaseCopy } from "../copy";

export interface BuyPropertyInput {
  buildingId: string;
  name: string;
  location: Location;
  /** The offer in dollars; the server adds the processing fee and sales tax. */
  bidAmount: number;
  paymentMethodId: string;
  /** Offer-wall credits to spend, in dollars (the card pays the rest). */
  credits?: number;
  /** One per confirmation: a repeat with the same key is answered with the first result, never charged twice. */
  idempotencyKey: string;
}

export interface BoughtProperty {
  message: string;
  property: Property | undefined;
}

/**
 * POST properties/buy; the player's message is `data.message`. When the bank asks the player to confirm
 * the payment (202), `confirmWithBank` takes them through it and the purchase ends as it would have with 200.
 */
async function buyProperty(
  { idempotencyKey, ...order }: BuyPropertyInput,
  confirmWithBank: ConfirmWithBank,
): Promise<BoughtProperty> {
  const body: BuyPropertyBody = {
    buildingId: order.buildingId,
    // Credits that pay everything name no card ("credits"): the server charges nothing.
    ...(order.paymentMethodId === "credits" ? {} : { paymentMethodId: order.paymentMethodId }),
    bidAmount: order.bidAmount,
    name: order.name,
    isApplePay: false,
    location: order.location,
    ...(order.credits ? { credits: order.credits } : {}),
  };
  const answer = await paymentRequest<unknown>(api.buyProperty, {
    method: "POST",
    body,
    auth: true,
    headers: { "Idempotency-Key": idempotencyKey },
  });
  const reply = parseReply(
    api.buyProperty,
    answer.requiresAction ? await confirmWithBank<unknown>(answer.action) : answer.reply,
    BuyPropertyData,
  );
  return {
    message: reply.data.message || reply.message || purchaseCopy.bought(order.name),
    property: reply.data.property,
  };
}

/**
 * After a purchase the player's balance, property list, the building's details and the
 * leaderboard have all changed. The keys are the profile's (lib) and the properties and
 * leaderboard features' prefixes ("properties" covers details, price history and the list).
 */
export function useBuyProperty(confirmWithBank: ConfirmWithBank) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BuyPropertyInput) => buyProperty(input, confirmWithBank),
    onSuccess: ({ property }, { buildingId }) => {
      // The details page shows the new owner at once instead of a stale 'Buy or Bid'.
      if (property) queryClient.setQueryData(queryKeys.properties.details(buildingId), property);
      // Not awaited: the player hears the result first; the pages behind refetch when shown.
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.properties.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.leaderboard.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.offerwall.all });
    },
  });
}
