/**
 * An ask interrupted by payout onboarding: the router state Sell Review was opened with, kept in this tab's
 * session storage while the player is on the provider's pages, and handed back once they return.
 * Session storage survives the round trip through another origin in the same tab and dies with the tab.
 */
const KEY = "pending-ask";
/** Older than this, a stored ask is stale: the player went elsewhere and came back another day. */
const MAX_AGE_MS = 60 * 60 * 1000;

interface Stored {
  state: unknown;
  savedAt: number;
}

export function savePendingAsk(state: unknown, now = Date.now()): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ state, savedAt: now } satisfies Stored));
  } catch {
    // Storage full or disabled: the player comes back to My Properties and starts the ask again.
  }
}

/** The stored ask's router state, removed as it is read; null when there is none or it is stale. */
export function takePendingAsk(now = Date.now()): unknown {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Stored>;
    if (typeof parsed.savedAt !== "number" || now - parsed.savedAt > MAX_AGE_MS || now < parsed.savedAt)
      return null;
    return parsed.state ?? null;
  } catch {
    return null;
  }
}

/** How the provider sent the player back (`?status=1` connected, `?status=0` not), or null. */
export function onboardingOutcome(params: URLSearchParams): "connected" | "unfinished" | null {
  const status = params.get("status");
  if (status === "1") return "connected";
  if (status === "0") return "unfinished";
  return null;
}
