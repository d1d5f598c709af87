import { OpsDispute } from "@mx/shared/schemas/ops";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../components/ui/button";
import { Dialog } from "../components/ui/dialog";
import { ErrorBox } from "../components/ui/error-box";
import { cents, opsRequest, when } from "./ops-api";
import { textOf } from "./use-load";

/**
 * The platform's evidence on a dispute: written, read back in a confirmation (the processor takes it once), then
 * sent. `done` gets the note to show.
 */
export function EvidenceDialog({
  dispute,
  onClose,
  done,
}: {
  dispute: OpsDispute | null;
  onClose: () => void;
  done: (note: string) => void;
}) {
  const [text, setText] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setConfirming(false);
    setError(null);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!dispute) return;
    if (!confirming) {
      setConfirming(true);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const sent = await opsRequest(`/ops/disputes/${dispute.id}/evidence`, OpsDispute, {
        method: "POST",
        body: { text: text.trim() },
      });
      setText("");
      setConfirming(false);
      done(`${sent.message} The dispute is ${sent.data.state.replace("_", " ")}.`);
    } catch (e) {
      setError(textOf(e));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen={dispute !== null} title="Give evidence" onClose={close} isBusy={busy}>
      <form onSubmit={submit} className="ops__confirm">
        {dispute ? (
          <p>
            {cents(dispute.amountCents)} paid by {dispute.payerName ?? "a deleted player"}, disputed as{" "}
            {dispute.reason.replaceAll("_", " ")}. Evidence is due by {when(dispute.evidenceDueBy)}.
          </p>
        ) : null}
        {confirming ? (
          <>
            <p>
              <strong>Send this to the processor?</strong> It takes evidence once; the bank then decides.
            </p>
            <blockquote className="ops__quote">{text.trim()}</blockquote>
          </>
        ) : (
          <EvidenceField text={text} setText={setText} />
        )}
        {error ? <ErrorBox>{error}</ErrorBox> : null}
        <div className="ops__row">
          <Button variant="ghost" onClick={confirming ? () => setConfirming(false) : close} disabled={busy}>
            {confirming ? "Back" : "Cancel"}
          </Button>
          <Button type="submit" busy={busy} disabled={text.trim().length < 10}>
            {confirming ? "Confirm and send" : "Review"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The evidence's text box, with what to put in it. */
function EvidenceField({ text, setText }: { text: string; setText: (text: string) => void }) {
  const textId = useId();
  const hintId = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={textId}>
        Evidence
      </label>
      <textarea
        id={textId}
        className="field__input ops__textarea"
        aria-describedby={hintId}
        value={text}
        onChange={(e) => setText(e.target.value)}
        required
        minLength={10}
        maxLength={20_000}
        rows={6}
      />
      <p className="field__hint" id={hintId}>
        What shows the payment was genuine: delivery, the player's use of what they bought, their history.
      </p>
    </div>
  );
}
