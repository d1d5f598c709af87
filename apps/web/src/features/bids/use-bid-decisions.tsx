import { errors, formats } from "@mx/shared/messages";
import type { Bid } from "@mx/shared/schemas/bids";
import { type ReactNode, useRef, useState } from "react";
import { showAlert } from "../../lib/alerts";
import { errorMessage } from "../../lib/api-client";
import { useIdempotentRetry } from "../../lib/use-idempotent-retry";
import { useAcceptBid } from "./api/accept-bid";
import { useCancelBid } from "./api/cancel-bid";
import { useRejectBid } from "./api/reject-bid";
import { bidderName } from "./bid-list";
import { AcceptBidDialog } from "./components/accept-bid-dialog";
import type { RowAction } from "./components/bid-row";
import { type BidDecision, DecideBidDialog } from "./components/decide-bid-dialog";
import { bidsCopy } from "./copy";

type Working = { bidId: string; action: Exclude<RowAction, null> } | null;

export interface BidDecisions {
  /** The request in flight, if any: one decision at a time. */
  working: Working;
  /** What the last decision did ('Bid accepted. …'), for a status line. */
  notice: string | null;
  clearNotice: () => void;
  /** Each opens its confirmation dialog; nothing is sent before the player confirms. */
  askAccept: (bid: Bid) => void;
  askDecline: (bid: Bid) => void;
  askCancel: (bid: Bid) => void;
  /** The open confirmation dialog, or null: render it once, anywhere on the page. */
  dialogs: ReactNode;
}

/**
 * Accepting, declining and cancelling a bid, each asked first in its dialog ('Accept Bid', 'Decline Bid',
 * 'Cancel Bid'), one at a time, with the same calls, texts and failure alerts ('Accept failed: …') wherever a
 * bid is shown: My Bids, and the bids on a building its owner sees on Property Details.
 */
export function useBidDecisions({
  onDecided,
}: {
  /** Called once a decision went through, with what it did in words ('Bid accepted. …'). */
  onDecided?: (bid: Bid, action: Exclude<RowAction, null>, notice: string) => void;
} = {}): BidDecisions {
  const accept = useAcceptBid();
  const reject = useRejectBid();
  const cancel = useCancelBid();
  const [working, setWorking] = useState<Working>(null);
  const [toAccept, setToAccept] = useState<Bid | null>(null);
  const [toDecide, setToDecide] = useState<{ bid: Bid; decision: BidDecision } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Guards a double click before React has re-rendered the busy buttons.
  const isWorking = useRef(false);
  // An acceptance that got no clear answer (network, 5xx): accepting the same bid again reuses its key.
  const acceptRetry = useIdempotentRetry();

  /** Runs one decision at a time; the alert ('Accept failed: …') names what failed. */
  const run = (
    bid: Bid,
    action: Exclude<RowAction, null>,
    mutate: (onDone: { onSuccess: () => void; onError: (cause: unknown) => void }) => void,
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
        setToAccept(null);
        setToDecide(null);
        setNotice(success);
        onDecided?.(bid, action, success);
      },
      onError: (cause) => {
        isWorking.current = false;
        setWorking(null);
        setToAccept(null);
        setToDecide(null);
        void showAlert(failure(cause));
      },
    });
  };

  const confirmAccept = () => {
    const bid = toAccept;
    if (!bid) return;
    const idempotencyKey = acceptRetry.keyFor(bid.bidId);
    run(
      bid,
      "accept",
      (done) =>
        accept.mutate(
          { bidId: bid.bidId, idempotencyKey },
          {
            onSuccess: () => {
              acceptRetry.succeeded();
              done.onSuccess();
            },
            onError: (cause) => {
              acceptRetry.failed(idempotencyKey, bid.bidId, cause);
              done.onError(cause);
            },
          },
        ),
      bidsCopy.accepted(bid.propertyDetails.name, bidderName(bid)),
      (cause) => formats.acceptFailed(errorMessage(cause, errors.acceptBidFailed)),
    );
  };

  const decline = (bid: Bid) =>
    run(
      bid,
      "decline",
      (done) => reject.mutate(bid.bidId, done),
      bidsCopy.declined(bidderName(bid)),
      (cause) => formats.rejectFailed(errorMessage(cause, errors.rejectBidFailed)),
    );

  const cancelBid = (bid: Bid) =>
    run(
      bid,
      "cancel",
      (done) => cancel.mutate(bid.bidId, done),
      bidsCopy.cancelled(bid.propertyDetails.name),
      (cause) => formats.cancelFailed(errorMessage(cause, errors.cancelBidFailed)),
    );

  const dialogs = (
    <>
      {toAccept ? (
        <AcceptBidDialog
          bid={toAccept}
          isAccepting={working?.action === "accept"}
          onCancel={() => setToAccept(null)}
          onConfirm={confirmAccept}
        />
      ) : null}
      {toDecide ? (
        <DecideBidDialog
          bid={toDecide.bid}
          decision={toDecide.decision}
          isWorking={working?.bidId === toDecide.bid.bidId}
          onKeep={() => setToDecide(null)}
          onConfirm={() =>
            toDecide.decision === "decline" ? decline(toDecide.bid) : cancelBid(toDecide.bid)
          }
        />
      ) : null}
    </>
  );

  return {
    working,
    notice,
    clearNotice: () => setNotice(null),
    askAccept: (bid) => {
      accept.reset();
      setToAccept(bid);
    },
    askDecline: (bid) => setToDecide({ bid, decision: "decline" }),
    askCancel: (bid) => setToDecide({ bid, decision: "cancel" }),
    dialogs,
  };
}
