import { lazy, Suspense, useEffect, useRef } from "react";
import { paypalCopy } from "../paypal/paypal-method";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Spinner } from "../ui/spinner";
import { sandboxBankPage } from "./confirm-with-bank";
import { bankCheckCopy as bankCopy } from "./copy";
import type { BankCheckView } from "./use-bank-check";
import "./bank-check.css";

interface BankCheckDialogProps {
  view: BankCheckView;
  /** The player answered the bank's page, or asks for the bank's window again. */
  onAnswered: () => void;
  /** Gives the payment up. */
  onCancel: () => void;
}

/** The sandbox's stand-in for the bank's (and PayPal's) page: loaded only when the sandbox asks for the check. */
const SandboxBankPage = lazy(() => import("../../sandbox/bank-check/bank-page"));

/** PayPal's script and buttons load only when real PayPal asks for an approval. */
const PaypalApproval = lazy(() =>
  import("../paypal/paypal-approval").then((m) => ({ default: m.PaypalApproval })),
);

const paypalCheckCopy = {
  title: paypalCopy.title,
  intro: paypalCopy.intro,
  frameTitle: paypalCopy.frameTitle,
  openingBank: paypalCopy.opening,
  stripeWaiting: paypalCopy.waiting,
  stillOpen: paypalCopy.stillOpen,
};

/**
 * 'Confirm with your bank': the bank's check (3-D Secure) for a payment, then a progress wheel while the server
 * reads the payment again. Cancel gives it up; while confirming the dialog cannot be dismissed.
 */
export function BankCheckDialog({ view, onAnswered, onCancel }: BankCheckDialogProps) {
  const isConfirming = view.name === "confirming";
  // A PayPal order waits for PayPal's approval, not the bank's: same steps, PayPal's words and page.
  const copy = view.paypal ? { ...bankCopy, ...paypalCheckCopy } : bankCopy;
  const { attempt } = view;
  const progress = useRef<HTMLDivElement>(null);
  const check = useRef<HTMLDivElement>(null);

  // The frame or button that had focus is replaced at each step: focus follows, so it never leaves the dialog.
  useEffect(() => {
    if (isConfirming) progress.current?.focus();
    else if (attempt > 1) check.current?.querySelector<HTMLElement>("iframe, button")?.focus();
  }, [isConfirming, attempt]);

  return (
    <Dialog isOpen title={copy.title} onClose={onCancel} isBusy={isConfirming}>
      <p className="dialog__text">{copy.intro}</p>
      {attempt > 1 && !isConfirming ? (
        <p className="notice notice--error" role="alert">
          {copy.stillOpen}
        </p>
      ) : null}
      {isConfirming ? (
        <div
          ref={progress}
          // As tall as the bank's frame it replaces, so the dialog keeps its size.
          className={`bank-check__progress${view.provider === "sandbox" ? " bank-check__progress--frame" : ""}`}
          tabIndex={-1}
        >
          <Spinner label={copy.confirming} showLabel />
        </div>
      ) : view.paypal?.kind === "paypal" && view.paypal.clientId ? (
        <div ref={check}>
          <Suspense fallback={<Spinner label={copy.openingBank} showLabel />}>
            <PaypalApproval
              key={attempt}
              clientId={view.paypal.clientId}
              orderId={view.action.clientSecret}
              intent={view.action.confirmPath.includes("bid") ? "authorize" : "capture"}
              onApproved={onAnswered}
              onCancel={onCancel}
            />
          </Suspense>
        </div>
      ) : view.provider === "sandbox" || view.paypal ? (
        <div ref={check}>
          <Suspense fallback={<Spinner label={copy.openingBank} showLabel />}>
            <SandboxBankPage
              key={attempt}
              url={sandboxBankPage(view.action) ?? ""}
              title={copy.frameTitle}
              opening={copy.openingBank}
              onAnswered={onAnswered}
            />
          </Suspense>
        </div>
      ) : (
        <div ref={check} className="bank-check__progress">
          {attempt > 1 ? (
            <Button onClick={onAnswered}>{copy.tryAgain}</Button>
          ) : (
            <Spinner label={copy.stripeWaiting} showLabel />
          )}
        </div>
      )}
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onCancel} disabled={isConfirming}>
          {copy.cancel}
        </Button>
      </div>
    </Dialog>
  );
}
