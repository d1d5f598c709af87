import { errors, formats } from "@mx/shared/messages";
import { api } from "@mx/shared/routes";
import type { Property } from "@mx/shared/schemas/properties";
import { PropertyDetailsData } from "@mx/shared/schemas/properties";
import { useQuery } from "@tanstack/react-query";
import { ApiError, apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const propertyDetailsKey = queryKeys.properties.details;

/** The building's details: the first item of the list the server returns. */
async function getPropertyDetails(buildingId: string, signal?: AbortSignal): Promise<Property> {
  const reply = await apiRequest(api.checkPropertyDetails(buildingId), {
    auth: true,
    signal,
    schema: PropertyDetailsData,
  });
  const first = reply.data?.propertyDetails?.[0];
  // Anything but a non-empty list is 'No property details returned', the fixed message for it.
  if (!first) throw new ApiError(errors.noPropertyDetails, 404, "NOT_FOUND");
  return first;
}

export function usePropertyDetails(buildingId: string) {
  return useQuery({
    queryKey: propertyDetailsKey(buildingId),
    queryFn: ({ signal }) => getPropertyDetails(buildingId, signal),
    enabled: buildingId !== "",
  });
}

/**
 * The text for a failed details call. Nothing found is 'No property details returned'; another
 * refusal is 'Error: API error: {status}'; no answer at all falls back to the catalogue text.
 */
export function propertyDetailsErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return errors.noPropertyDetails;
  if (error instanceof ApiError && error.status > 0) return formats.apiError(error.status);
  return errors.fetchPropertyDetailsFailed;
}
