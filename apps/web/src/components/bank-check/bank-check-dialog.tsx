import { useEffect, useRef, useState } from "react";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Spinner } from "../ui/spinner";
import { sandboxBankPage } from "./confirm-with-bank";
import { bankCheckCopy as copy } from "./copy";
import type { BankCheckView } from "./use-bank-check";
import "./bank-check.css";

interface BankCheckDialogProps {
  view: BankCheckView;
  /** The player answered the bank's page, or asks for the bank's window again. */
  onAnswered: () => void;
  /** Gives the payment up. */
  onCancel: () => void;
}

/**
 * 'Confirm with your bank': the bank's check (3-D Secure) for a payment, then a progress wheel while the server
 * reads the payment again. Cancel gives it up; while confirming the dialog cannot be dismissed.
 */
export function BankCheckDialog({ view, onAnswered, onCancel }: BankCheckDialogProps) {
  const isConfirming = view.name === "confirming";
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
        <div ref={progress} className="bank-check__progress" tabIndex={-1}>
          <Spinner label={copy.confirming} showLabel />
        </div>
      ) : view.provider === "sandbox" ? (
        <div ref={check}>
          <SandboxBankPage key={attempt} url={sandboxBankPage(view.action) ?? ""} onAnswered={onAnswered} />
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

/**
 * The sandbox's stand-in for the bank's page, framed from this origin. Its form posts back into the frame, so the
 * frame's second load means the player has answered.
 */
function SandboxBankPage({ url, onAnswered }: { url: string; onAnswered: () => void }) {
  const loads = useRef(0);
  const [isLoaded, setIsLoaded] = useState(false);
  return (
    <div className="bank-check__frame-box">
      {isLoaded ? null : (
        <div className="bank-check__loading">
          <Spinner label={copy.openingBank} showLabel />
        </div>
      )}
      <iframe
        className="bank-check__frame"
        title={copy.frameTitle}
        src={url}
        onLoad={() => {
          loads.current += 1;
          if (loads.current === 1) setIsLoaded(true);
          else onAnswered();
        }}
      />
    </div>
  );
}
