/** The browser session: exactly three keys, token, userId and cart (docs/decisions/0005-two-session-states.md). */

export const storageKeys = {
  token: "token",
  userId: "userId",
  cart: "cart",
} as const;

export interface SessionTokens {
  accessToken: string;
  userId: string;
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be unavailable (privacy mode, blocked cookies); treat it as signed out.
    return null;
  }
}

export function getToken(): string | null {
  const token = read(storageKeys.token);
  return token ? token : null;
}

export function getUserId(): string | null {
  const userId = read(storageKeys.userId);
  return userId ? userId : null;
}

export function hasSession(): boolean {
  return getToken() !== null;
}

export function saveSession({ accessToken, userId }: SessionTokens): void {
  window.localStorage.setItem(storageKeys.token, accessToken);
  window.localStorage.setItem(storageKeys.userId, userId);
}

/** Signing out forgets who the player is; the shop cart is not theirs alone and stays. */
export function clearSession(): void {
  try {
    window.localStorage.removeItem(storageKeys.token);
    window.localStorage.removeItem(storageKeys.userId);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
