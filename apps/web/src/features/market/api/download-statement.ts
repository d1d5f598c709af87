import { marketTexts } from "@mx/shared/messages";
import { API_BASE, api } from "@mx/shared/routes";
import { ApiError } from "../../../lib/api-client";
import { getToken } from "../../../lib/session";

/** Fetches a year's statement as CSV with the session's token and hands it to the browser as a download. */
export async function downloadStatement(year: number): Promise<void> {
  const token = getToken();
  if (!token) throw new ApiError(marketTexts.downloadFailed, 401);
  const response = await fetch(`${API_BASE}${api.statement(year, "csv")}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: "text/csv" },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(body?.message ?? marketTexts.downloadFailed, response.status);
  }
  const filename =
    /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ??
    `statement-${year}.csv`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
