import { lazy, Suspense, useEffect, useRef, useState } from "react";
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
          <SandboxBankPage
            key={attempt}
            url={sandboxBankPage(view.action) ?? ""}
            title={copy.frameTitle}
            opening={copy.openingBank}
            onAnswered={onAnswered}
          />
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

const MIN_FRAME_HEIGHT = 200;

/**
 * The sandbox's stand-in for the bank's page, framed from this origin. Its form would post back into the frame, and
 * a frame's navigation adds an entry to the tab's history: Back would then stop on it and the review screen's own
 * way back would land on it. So the answer is posted from here and the frame never navigates. Should the page
 * navigate anyway, its next load is the answer too.
 */
function SandboxBankPage({
  url,
  title,
  opening,
  onAnswered,
}: {
  url: string;
  title: string;
  opening: string;
  onAnswered: () => void;
}) {
  const loads = useRef(0);
  const [isLoaded, setIsLoaded] = useState(false);
  return (
    <div className="bank-check__frame-box">
      {isLoaded ? null : (
        <div className="bank-check__loading">
          <Spinner label={opening} showLabel />
        </div>
      )}
      <iframe
        className="bank-check__frame"
        title={title}
        src={url}
        onLoad={(event) => {
          loads.current += 1;
          if (loads.current > 1) {
            onAnswered();
            return;
          }
          setIsLoaded(true);
          // The page is ours (same origin): the frame grows to its whole height, so that its buttons show on a
          // phone without scrolling inside the frame.
          const page = event.currentTarget.contentDocument?.documentElement;
          const box = event.currentTarget.parentElement;
          if (page && box) box.style.height = `${Math.max(page.scrollHeight, MIN_FRAME_HEIGHT)}px`;
          const form = event.currentTarget.contentDocument?.querySelector("form");
          form?.addEventListener("submit", (submit) => {
            submit.preventDefault();
            // Whatever became of the post, the server reads the payment again and says where it stands.
            void postAnswer(form, submit.submitter).finally(onAnswered);
          });
        }}
      />
    </div>
  );
}

/** The bank page's form, sent as the browser would have sent it (the button pressed included). */
async function postAnswer(form: HTMLFormElement, submitter: HTMLElement | null): Promise<void> {
  const fields = new URLSearchParams();
  for (const [name, value] of new FormData(form, submitter)) {
    if (typeof value === "string") fields.append(name, value);
  }
  await fetch(form.action, { method: "POST", body: fields, credentials: "same-origin" }).catch(
    () => undefined,
  );
}
