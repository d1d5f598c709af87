import { api } from "@mx/shared/routes";
import type { Property } from "@mx/shared/schemas/properties";
import { SaleData } from "@mx/shared/schemas/properties";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { profileQueryKey } from "../../../lib/current-profile";
import { queryKeys } from "../../../lib/query-keys";
import { saleCopy } from "../copy";

interface SaleResult {
  message: string;
  property: Property | undefined;
}

interface PlaceAskInput {
  /** The property's `_id`. */
  propertyId: string;
  /** The asking price in dollars; the server takes the processing fee out of it. */
  bidAmount: number;
  /** For the fallback message only. */
  name: string;
}

/** POST properties/place-ask; the player's message is `data.message`. */
async function placeAsk({ propertyId, bidAmount, name }: PlaceAskInput): Promise<SaleResult> {
  const reply = await apiRequest(api.placeAsk, {
    schema: SaleData,
    method: "POST",
    body: { propertyId, bidAmount },
    auth: true,
  });
  return {
    message: reply.data?.message || reply.message || saleCopy.askPlaced(name),
    property: reply.data?.property,
  };
}

interface CancelSaleInput {
  propertyId: string;
  name: string;
}

/** POST properties/cancel-sale. */
async function cancelSale({ propertyId, name }: CancelSaleInput): Promise<SaleResult> {
  const reply = await apiRequest(api.cancelSale, {
    schema: SaleData,
    method: "POST",
    body: { propertyId },
    auth: true,
  });
  return {
    message: reply.data?.message || reply.message || saleCopy.saleCancelled(name),
    property: reply.data?.property,
  };
}

/**
 * An ask placed or withdrawn changes the building's details (the properties feature's
 * ["properties", "details", buildingId]), the player's list (["properties", …]), the
 * leaderboard, the profile and the bids on it. Not awaited: the player hears the result first.
 */
function refreshAfterSale(queryClient: QueryClient, property: Property | undefined) {
  if (property) queryClient.setQueryData(queryKeys.properties.details(property.buildingId), property);
  void queryClient.invalidateQueries({ queryKey: queryKeys.properties.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.leaderboard.all });
  void queryClient.invalidateQueries({ queryKey: profileQueryKey });
  // Taking a building off the market releases every pending bid on it.
  void queryClient.invalidateQueries({ queryKey: queryKeys.bids() });
}

export function usePlaceAsk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeAsk,
    onSuccess: ({ property }) => refreshAfterSale(queryClient, property),
  });
}

export function useCancelSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSale,
    onSuccess: ({ property }) => refreshAfterSale(queryClient, property),
  });
}
