import { api } from "@mx/shared/routes";
import { AlertSettings, type AlertSettingsBody } from "@mx/shared/schemas/alerts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

async function getAlertSettings(signal?: AbortSignal): Promise<AlertSettings> {
  const reply = await apiRequest(api.alertSettings, { auth: true, signal, schema: AlertSettings });
  return reply.data;
}

async function saveAlertSettings(
  change: AlertSettingsBody,
): Promise<{ settings: AlertSettings; message: string }> {
  const reply = await apiRequest(api.alertSettings, {
    method: "PUT",
    body: change,
    auth: true,
    schema: AlertSettings,
  });
  return { settings: reply.data, message: reply.message };
}

/** GET users/alert-settings: each alert kind, on or off. */
export function useAlertSettings() {
  return useQuery({ queryKey: queryKeys.alertSettings, queryFn: ({ signal }) => getAlertSettings(signal) });
}

/** PUT users/alert-settings: on success the cached settings become the server's. */
export function useSaveAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlertSettings,
    onSuccess: ({ settings }) => queryClient.setQueryData(queryKeys.alertSettings, settings),
  });
}
