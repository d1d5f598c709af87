import type { AuthData } from "@mx/shared/schemas/auth";

/** A success reply without a token cannot start a session; the caller shows its fallback text. */
export function requireAuthData(data: Partial<AuthData> | null | undefined): AuthData {
  if (!data || typeof data.accessToken !== "string" || !data.accessToken || typeof data.userId !== "string") {
    throw new Error("The reply carries no session token.");
  }
  return { accessToken: data.accessToken, userId: data.userId };
}
