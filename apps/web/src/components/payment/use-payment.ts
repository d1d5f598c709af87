import type { PaymentCard } from "@mx/shared/schemas/payments";
import { useRef, useState } from "react";
import { showAlert } from "../../lib/alerts";
import { usePaymentMethods } from "../../lib/default-card";
import { useIdempotentRetry } from "../../lib/use-idempotent-retry";
import { isBankCheckCancelled } from "../bank-check/confirm-with-bank";
import { useBankCheck } from "../bank-check/use-bank-check";
import { useRestrictionRecheck } from "../restriction/restriction-notice";
import { chosenCard } from "../ui/card-picker";

/** The confirmation open before money moves: what the player confirms, and the key its request goes with. */
export interface PaymentConfirmation<T> {
  /** One per opened confirmation; kept for a retry only when the last attempt's outcome is unknown. */
  idempotencyKey: string;
  /** What the request sends (building, amount, card…): the server refuses a key reused for a different request. */
  fingerprint: string;
  /** The card (or PayPal) as shown when the player opened the dialog: the one charged or held. */
  card: PaymentCard;
  /** What else the screen confirmed (the bid's amount, the credits spent). */
  details: T;
}

/** How the screen's payment call is made (its mutation's `mutate`): it answers with the player's message. */
type PaymentSend<T> = (
  confirmation: PaymentConfirmation<T>,
  callbacks: { onSuccess: (reply: { message: string }) => void; onError: (cause: unknown) => void },
) => void;

interface ConfirmOptions<T> {
  send: PaymentSend<T>;
  /** The player's message when paid (already shown as an alert); the screen then leaves. */
  onPaid: (message: string) => void;
  /** The alert for a refused or failed payment, given the server's words (or the fallback). */
  failureText: (cause: unknown) => string;
}

/**
 * One payment, as every screen that charges or holds money runs it (Order, Develop and Bid Review; the shop's
 * PayPal checkout for its bank's check): the player's cards and the one chosen (or PayPal), the confirmation before
 * any money moves, the idempotent retry, the bank's check (3-D Secure, or PayPal's approval) and the result.
 * The screen's mutation is made with `bank.confirmWithBank` and handed to `confirm`. `chooseCard: false` reads no
 * cards, for a screen whose card is taken elsewhere.
 */
export function usePayment<T = undefined>({ chooseCard = true }: { chooseCard?: boolean } = {}) {
  const bank = useBankCheck();
  const cards = usePaymentMethods({ enabled: chooseCard });
  const [pickedCardId, setPickedCardId] = useState<string | null>(null);
  const card = chosenCard(cards.data, pickedCardId);
  const [confirmation, setConfirmation] = useState<PaymentConfirmation<T> | null>(null);
  // A key whose request got no clear answer (network, 5xx): the same request retried reuses it,
  // so a charge or hold that did go through is answered again instead of made twice.
  const retry = useIdempotentRetry();
  // Guards a double click before React has re-rendered the busy button.
  const isWorking = useRef(false);
  const recheckRestriction = useRestrictionRecheck();

  /** Opens the confirmation for the card and what the request sends; nothing is sent yet. */
  const open = (paying: PaymentCard, fingerprint: string, details: T) =>
    setConfirmation({ idempotencyKey: retry.keyFor(fingerprint), fingerprint, card: paying, details });

  /** The player confirmed: sends the payment once, then the alert and the screen's leaving, or the failure's alert. */
  const confirm = ({ send, onPaid, failureText }: ConfirmOptions<T>) => {
    if (!confirmation || isWorking.current) return;
    isWorking.current = true;
    const { idempotencyKey, fingerprint } = confirmation;
    send(confirmation, {
      onSuccess: ({ message }) => {
        retry.succeeded();
        void showAlert(message);
        onPaid(message);
      },
      onError: (cause) => {
        isWorking.current = false;
        // A bank's check given up keeps its key too: paying again resumes the same payment, still held.
        retry.failed(idempotencyKey, fingerprint, cause);
        setConfirmation(null);
        if (isBankCheckCancelled(cause)) return;
        recheckRestriction(cause);
        void showAlert(failureText(cause));
      },
    });
  };

  return {
    bank,
    cards,
    /** The card to charge or hold: the one picked while it still exists, else the default, else the first. */
    card,
    pick: setPickedCardId,
    confirmation,
    open,
    close: () => setConfirmation(null),
    confirm,
    isWorking,
  };
}

export type Payment<T> = ReturnType<typeof usePayment<T>>;
