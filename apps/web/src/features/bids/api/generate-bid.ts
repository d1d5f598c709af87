import { api } from "@mx/shared/routes";
import { GenerateBidData } from "@mx/shared/schemas/bids";
import type { Property } from "@mx/shared/schemas/properties";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

interface GenerateBidInput {
  /** The property's `_id`. */
  propertyId: string;
  /** Dollars. */
  bidAmount: number;
}

interface CheckedBid {
  /** The building as the server has it now (data.response). */
  property: Property | undefined;
  /** What the card will be held for, dollars, when the server says. */
  total: number | undefined;
}

/**
 * POST properties/generate-bid: the server checks the bid before any card is touched (for sale,
 * not the bidder's own, above the asking price). Nothing is held.
 */
async function generateBid({ propertyId, bidAmount }: GenerateBidInput): Promise<CheckedBid> {
  const reply = await apiRequest(api.generateBid, {
    schema: GenerateBidData,
    method: "POST",
    body: { propertyId, bidAmount },
    auth: true,
  });
  return { property: reply.data?.response, total: reply.data?.total };
}

export function useGenerateBid() {
  return useMutation({ mutationFn: generateBid });
}
