import { formats, texts } from "@mx/shared/messages";
import { formatDollars } from "@mx/shared/money";
import { useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { showAlert } from "../../../lib/alerts";
import { errorMessage } from "../../../lib/api-client";
import { useCancelSale } from "../api/sale-mutations";
import { saleCopy } from "../copy";

/**
 * 'Cancel Sale' where the owner sees their listing, asked first: the building comes off the market and every
 * pending bid on it is released. The same call as Sell Review's; `onNotice` hears the server's message.
 */
export function CancelSaleButton({
  propertyId,
  name,
  ask,
  onNotice,
}: {
  propertyId: string;
  name: string;
  /** The asking price in dollars, named in the question. */
  ask: number;
  onNotice: (notice: string) => void;
}) {
  const cancel = useCancelSale();
  const [isAsking, setIsAsking] = useState(false);
  // Guards a double click before React has re-rendered the busy button.
  const isWorking = useRef(false);

  const confirm = () => {
    if (isWorking.current) return;
    isWorking.current = true;
    cancel.mutate(
      { propertyId, name },
      {
        onSuccess: ({ message }) => {
          isWorking.current = false;
          setIsAsking(false);
          onNotice(message);
        },
        onError: (cause) => {
          isWorking.current = false;
          setIsAsking(false);
          void showAlert(formats.cancelFailed(errorMessage(cause, saleCopy.noAnswer)));
        },
      },
    );
  };

  return (
    <>
      <Button variant="secondary" className="btn--inline" onClick={() => setIsAsking(true)}>
        {texts.cancelSale}
      </Button>
      <Dialog
        isOpen={isAsking}
        title={texts.cancelSale}
        onClose={() => setIsAsking(false)}
        isBusy={cancel.isPending}
      >
        <p className="dialog__text">
          <strong>{saleCopy.cancelQuestion(name, formatDollars(ask))}</strong>
        </p>
        <p className="dialog__text">{saleCopy.cancelOutcome}</p>
        <p className="visually-hidden" role="status">
          {cancel.isPending ? saleCopy.cancelling : ""}
        </p>
        <div className="dialog__actions">
          <Button variant="secondary" onClick={() => setIsAsking(false)} disabled={cancel.isPending}>
            {saleCopy.keepForSale}
          </Button>
          <Button variant="danger" onClick={confirm} busy={cancel.isPending}>
            {cancel.isPending ? saleCopy.cancelling : saleCopy.confirmCancel}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
