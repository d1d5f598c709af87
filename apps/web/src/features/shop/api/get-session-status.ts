import { api } from "@mx/shared/routes";
import { SessionStatusData } from "@mx/shared/schemas/shop";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET stripe/webhooks/session-status: the status and customer_email of a checkout session. */
async function getSessionStatus(sessionId: string, signal?: AbortSignal): Promise<SessionStatusData> {
  const reply = await apiRequest(api.sessionStatus(sessionId), { schema: SessionStatusData, signal });
  return reply.data;
}

/** Read once per visit of the return page; reading again is harmless (the order is made once). */
export function useSessionStatus(sessionId: string | null) {
  return useQuery({
    queryKey: queryKeys.shop.sessionStatus(sessionId),
    queryFn: ({ signal }) => getSessionStatus(sessionId ?? "", signal),
    enabled: Boolean(sessionId),
    retry: 1,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
