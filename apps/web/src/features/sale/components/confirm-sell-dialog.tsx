import { texts } from "@mx/shared/messages";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { ErrorBox } from "../../../components/ui/error-box";
import type { AskTotals } from "../ask";
import { saleCopy } from "../copy";
import { AskLines } from "./ask-lines";

/** Where a confirmation is: waiting for the player, checking payouts, leaving for onboarding, placing. */
export type ConfirmPhase = "confirm" | "checking" | "redirecting" | "placing";

interface ConfirmSellDialogProps {
  buildingName: string;
  /** Formatted, e.g. "$1,500.00". */
  price: string;
  totals: AskTotals;
  phase: ConfirmPhase;
  /** A problem with the onboarding check; the player may try again. */
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

const progress: Record<ConfirmPhase, string> = {
  confirm: "",
  checking: texts.checkingOnboarding,
  redirecting: saleCopy.toOnboarding,
  placing: saleCopy.placing,
};

/**
 * 'Confirm Sell': restates the building, the price and what the seller receives. Focus starts on
 * Cancel, so a stray Enter never lists a building; while working the dialog cannot be dismissed.
 */
export function ConfirmSellDialog({
  buildingName,
  price,
  totals,
  phase,
  error,
  onCancel,
  onConfirm,
}: ConfirmSellDialogProps) {
  const isBusy = phase !== "confirm";
  return (
    <Dialog isOpen title={texts.confirmSell} onClose={onCancel} isBusy={isBusy}>
      <p className="dialog__text">
        {saleCopy.put} <strong className="sale-confirm__strong">{buildingName}</strong> {saleCopy.upForSaleAt}{" "}
        <strong className="sale-confirm__strong">{price}</strong>?
      </p>
      <AskLines totals={totals} className="amount-lines--boxed sale-lines--boxed" />
      <ErrorBox>{isBusy ? null : error}</ErrorBox>
      <p className={isBusy ? "sale-confirm__progress" : "visually-hidden"} role="status">
        {progress[phase]}
      </p>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onCancel} disabled={isBusy}>
          {saleCopy.cancel}
        </Button>
        <Button onClick={onConfirm} busy={isBusy}>
          {texts.confirmSell}
        </Button>
      </div>
    </Dialog>
  );
}
