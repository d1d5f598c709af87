import { LIMITS, USERNAME_PATTERN } from "@mx/shared/constants";
import { api } from "@mx/shared/routes";
import { UserNameAvailableData } from "@mx/shared/schemas/auth";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { useDebouncedValue } from "../../../lib/use-debounced-value";

/** How long the sign-up form waits after the last keystroke before asking whether a username is free. */
const CHECK_DELAY_MS = 350;

/** GET users/username-available?userName=: whether no account holds the name (compared without case). */
async function userNameAvailable(userName: string, signal?: AbortSignal): Promise<boolean> {
  const reply = await apiRequest(`${api.userNameAvailable}?userName=${encodeURIComponent(userName)}`, {
    schema: UserNameAvailableData,
    signal,
  });
  return reply.data.available;
}

/**
 * Whether the username being typed is taken: false until known (a name the form would refuse anyway is not
 * asked about, nor is one while the player is still typing).
 */
export function useUserNameTaken(userName: string): boolean {
  const name = useDebouncedValue(userName.trim(), CHECK_DELAY_MS);
  const checkable =
    name.length >= LIMITS.userNameMin && name.length <= LIMITS.userNameMax && USERNAME_PATTERN.test(name);
  const { data } = useQuery({
    queryKey: queryKeys.usernameAvailable(name),
    queryFn: ({ signal }) => userNameAvailable(name, signal),
    enabled: checkable,
    staleTime: 30_000,
    retry: false,
  });
  return checkable && data === false && name === userName.trim();
}
