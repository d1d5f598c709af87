import { useMemo, useRef } from "react";
import { isAnsweredRefusal, newIdempotencyKey } from "./idempotency-key";

export interface IdempotentRetry {
  /**
   * The Idempotency-Key for a request described by `fingerprint` (what it sends: building, amount, card…): the
   * key of the last attempt when that attempt got no clear answer and the request is the same, a new one otherwise.
   */
  keyFor(fingerprint: string): string;
  /** The request succeeded: the next one is a new operation. */
  succeeded(): void;
  /**
   * The request failed. A refusal the server answered moved no money, so its key is dropped; anything else
   * (network, 5xx, a bank's check given up) keeps it, so the retry is answered instead of charged twice.
   */
  failed(key: string, fingerprint: string, cause: unknown): void;
}

/**
 * One rule for every screen that moves money (Order Review, Bid Review, the payouts, accepting a bid): a retry of
 * the same request reuses the key of an attempt whose outcome is unknown. The server refuses a key reused for a
 * different request, hence the fingerprint.
 */
export function useIdempotentRetry(): IdempotentRetry {
  const unsettled = useRef<{ key: string; fingerprint: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(fingerprint) {
        const last = unsettled.current;
        return last?.fingerprint === fingerprint ? last.key : newIdempotencyKey();
      },
      succeeded() {
        unsettled.current = null;
      },
      failed(key, fingerprint, cause) {
        unsettled.current = isAnsweredRefusal(cause) ? null : { key, fingerprint };
      },
    }),
    [],
  );
}
