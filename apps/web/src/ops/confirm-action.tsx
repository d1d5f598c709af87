import { type FormEvent, useState } from "react";
import { z } from "zod";
import { Button } from "../components/ui/button";
import { Dialog } from "../components/ui/dialog";
import { ErrorBox } from "../components/ui/error-box";
import { TextField } from "../components/ui/text-field";
import { opsRequest } from "./ops-api";
import { textOf } from "./use-load";

/** An action that changes something: a confirmation with an optional reason, then the call, then a note. */
export function ConfirmAction({
  label,
  title,
  question,
  reasonLabel,
  run,
  variant = "secondary",
}: {
  label: string;
  title: string;
  question: string;
  reasonLabel?: string;
  run: (reason: string) => Promise<unknown>;
  variant?: "secondary" | "danger";
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await run(reason.trim());
      setOpen(false);
      setReason("");
    } catch (e) {
      setError(textOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog isOpen={open} title={title} onClose={() => setOpen(false)} isBusy={busy}>
        <form onSubmit={confirm} className="ops__confirm">
          <p>{question}</p>
          {reasonLabel ? (
            <TextField
              label={reasonLabel}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              required
              minLength={3}
              maxLength={300}
            />
          ) : null}
          {error ? <ErrorBox>{error}</ErrorBox> : null}
          <div className="ops__row">
            <Button variant="ghost" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant={variant === "danger" ? "danger" : "primary"} busy={busy}>
              Confirm
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

/** Runs a failed job or message again, after a confirmation. */
export function RetryAction({ question, path, done }: { question: string; path: string; done: () => void }) {
  return (
    <ConfirmAction
      label="Retry"
      title="Run again"
      question={question}
      run={async () => {
        await opsRequest(path, z.unknown(), { method: "POST" });
        done();
      }}
    />
  );
}
