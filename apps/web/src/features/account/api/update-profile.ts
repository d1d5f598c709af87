import { api } from "@mx/shared/routes";
import type { Profile, UpdateProfileBody } from "@mx/shared/schemas/auth";
import { UpdateProfileData } from "@mx/shared/schemas/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { profileQueryKey } from "../../../lib/current-profile";

interface UpdatedProfile {
  profile: Profile;
  message: string;
}

async function updateProfile(body: UpdateProfileBody): Promise<UpdatedProfile> {
  const reply = await apiRequest(api.updateProfile, {
    schema: UpdateProfileData,
    method: "PUT",
    body,
    auth: true,
  });
  return { profile: reply.data.data, message: reply.message };
}

/** On success the cached profile becomes the server's copy, so every screen shows the new values. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ profile }) => {
      queryClient.setQueryData(profileQueryKey, profile);
    },
  });
}
