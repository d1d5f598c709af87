import { api } from "@mx/shared/routes";
import type { Location, Property } from "@mx/shared/schemas/properties";
import { RenameBuildingData } from "@mx/shared/schemas/properties";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { myPropertiesKey } from "./get-my-properties";
import { propertyDetailsKey } from "./get-property-details";

interface RenameBuildingInput {
  buildingId: string;
  name: string;
  location: Location;
}

interface RenamedBuilding {
  name: string;
  property: Property | undefined;
}

/** The owner's own name for the building (PUT buildings); the server answers with the stored name. */
async function renameBuilding(input: RenameBuildingInput): Promise<RenamedBuilding> {
  const reply = await apiRequest(api.buildings, {
    schema: RenameBuildingData,
    method: "PUT",
    body: input,
    auth: true,
  });
  return { name: reply.data?.name ?? input.name, property: reply.data?.property };
}

/** On success the cached details carry the new name, and the property list is read again. */
export function useRenameBuilding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameBuilding,
    onSuccess: ({ name, property }, { buildingId }) => {
      queryClient.setQueryData<Property>(
        propertyDetailsKey(buildingId),
        (current) => property ?? (current ? { ...current, name } : current),
      );
      void queryClient.invalidateQueries({ queryKey: myPropertiesKey() });
    },
  });
}
