import { api } from "@mx/shared/routes";
import { type FormEvent, useId, useState } from "react";
import { z } from "zod";
import { apiRequest, errorMessage } from "../../lib/api-client";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { ErrorBox, StatusNote } from "../ui/error-box";
import "./report-button.css";

const Filed = z.object({ id: z.string() });

/**
 * "Report": a building's name or a player, to the operators, with a reason and a confirmation. Once sent, the
 * control says so instead.
 */
export function ReportButton({
  targetType,
  targetId,
  targetName,
  label,
  ariaLabel,
}: {
  targetType: "building" | "player";
  targetId: string;
  /** What is reported, as the player sees it. */
  targetName: string;
  label: string;
  /** What a screen reader says for the button where `label` alone repeats (a row per player). */
  ariaLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const reasonId = useId();
  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const reply = await apiRequest(api.reports, {
        method: "POST",
        auth: true,
        body: { targetType, targetId, reason: reason.trim() },
        schema: Filed,
      });
      setSent(reply.message || "Thank you: an operator will look at your report.");
      setOpen(false);
    } catch (cause) {
      setError(errorMessage(cause, "The report could not be sent; try again."));
    } finally {
      setBusy(false);
    }
  };
  if (sent) return <StatusNote>{sent}</StatusNote>;
  return (
    <>
      <button type="button" className="report-button" aria-label={ariaLabel} onClick={() => setOpen(true)}>
        {label}
      </button>
      <Dialog isOpen={open} title={ariaLabel ?? label} onClose={() => setOpen(false)} isBusy={busy}>
        <form className="report-form" onSubmit={send}>
          <p>
            You are reporting {targetType === "building" ? "the building's name" : "the player"}{" "}
            <strong>“{targetName}”</strong> to the operators.
          </p>
          <label className="field__label" htmlFor={reasonId}>
            What is wrong with it?
          </label>
          <textarea
            id={reasonId}
            className="field__input report-form__reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
            minLength={3}
            maxLength={500}
            rows={3}
          />
          <ErrorBox>{error}</ErrorBox>
          <div className="report-form__buttons">
            <Button variant="ghost" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" busy={busy} disabled={reason.trim().length < 3}>
              Send report
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
