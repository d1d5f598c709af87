import type { Bid } from "@mx/shared/schemas/bids";
import { useRef, useState } from "react";
import { showAlert } from "../../lib/alerts";
import type { RowAction } from "./components/bid-row";

/** A decision on a bid: accept, decline or cancel. */
export type Decision = Exclude<RowAction, null>;

export type Working = { bidId: string; action: Decision } | null;

/** A decision's call (a mutation's `mutate`), told how it ended. */
export type DecisionCall = (onDone: { onSuccess: () => void; onError: (cause: unknown) => void }) => void;

/**
 * Runs one decision on a bid at a time: what is in flight, then either what it did in words (the notice, and
 * `onDecided`) or the alert naming what failed ('Accept failed: …'). `onSettled` closes the open dialog either way.
 */
export function useDecisionRunner({
  onDecided,
  onSettled,
}: {
  onDecided?: (bid: Bid, action: Decision, notice: string) => void;
  onSettled: () => void;
}) {
  const [working, setWorking] = useState<Working>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Guards a double click before React has re-rendered the busy buttons.
  const isWorking = useRef(false);

  /** Runs one decision at a time; the alert ('Accept failed: …') names what failed. */
  const run = (
    bid: Bid,
    action: Decision,
    mutate: DecisionCall,
    success: string,
    failure: (cause: unknown) => string,
  ) => {
    if (isWorking.current) return;
    isWorking.current = true;
    setNotice(null);
    setWorking({ bidId: bid.bidId, action });
    mutate({
      onSuccess: () => {
        isWorking.current = false;
        setWorking(null);
        onSettled();
        setNotice(success);
        onDecided?.(bid, action, success);
      },
      onError: (cause) => {
        isWorking.current = false;
        setWorking(null);
        onSettled();
        void showAlert(failure(cause));
      },
    });
  };

  return { working, notice, clearNotice: () => setNotice(null), run };
}

export type DecisionRunner = ReturnType<typeof useDecisionRunner>;
