import { API_BASE } from "@mx/shared/routes";
import type { ZodType } from "zod";
import { getToken } from "../lib/session";

/** A refusal of the console's API: the status, the server's code and its words. */
class OpsError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = "OpsError";
  }
}

/**
 * One call of `/ops/*`. Unlike the players' client, a 401 does not end the session: the console's 401 most often
 * means the second factor is due (SECOND_FACTOR_REQUIRED), which the console asks for.
 */
export async function opsRequest<T>(
  path: string,
  schema: ZodType<T>,
  { method = "GET", body }: { method?: "GET" | "POST"; body?: unknown } = {},
): Promise<{ data: T; message: string }> {
  const token = getToken();
  if (!token) throw new OpsError("Sign in first.", 401, "UNAUTHORIZED");
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers: {
        Accept: "application/json",
        Authorization: `Bearer ${token}`,
        ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new OpsError("The server could not be reached; try again.", 0, "NETWORK");
  }
  const payload = (await response.json().catch(() => null)) as {
    message?: string;
    code?: string;
    data?: unknown;
  } | null;
  if (!response.ok) {
    throw new OpsError(
      payload?.message || `The server answered ${response.status}.`,
      response.status,
      payload?.code,
    );
  }
  const parsed = schema.safeParse(payload?.data);
  if (!parsed.success)
    throw new OpsError("The server's answer was not understood.", response.status, "BAD_REPLY");
  return { data: parsed.data, message: payload?.message ?? "" };
}

export const cents = (n: number) => (n / 100).toLocaleString("en-US", { style: "currency", currency: "USD" });

export const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }) : "—";
