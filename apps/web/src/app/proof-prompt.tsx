import { proofTexts } from "@mx/shared/messages";
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "../components/ui/button";
import { Dialog } from "../components/ui/dialog";
import { PasswordField } from "../components/ui/password-field";
import { setProofPrompt } from "../lib/api-client";

type Pending = { reason: string; resolve: (password: string | null) => void };

/**
 * Money-moving changes (payout cards, the e-mail, the first payout after a password reset) may need fresh proof:
 * when the server asks for it, this dialog takes the current password and the change is sent again with it.
 */
export function ProofPrompt() {
  const [pending, setPending] = useState<Pending | null>(null);
  const [password, setPassword] = useState("");

  useEffect(() => {
    setProofPrompt(
      (reason) =>
        new Promise<string | null>((resolve) => {
          setPassword("");
          setPending({ reason, resolve });
        }),
    );
    return () => setProofPrompt(null);
  }, []);

  if (!pending) return null;
  const finish = (value: string | null) => {
    pending.resolve(value);
    setPending(null);
    setPassword("");
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password) finish(password);
  };
  // The dialog focuses its first field, the password.
  return (
    <Dialog isOpen title={proofTexts.title} onClose={() => finish(null)}>
      <form className="form" onSubmit={submit}>
        <p>{pending.reason}</p>
        <PasswordField
          label={proofTexts.passwordLabel}
          name="currentPassword"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="dialog__actions">
          <Button variant="secondary" onClick={() => finish(null)}>
            {proofTexts.cancel}
          </Button>
          <Button type="submit">{proofTexts.confirm}</Button>
        </div>
      </form>
    </Dialog>
  );
}
