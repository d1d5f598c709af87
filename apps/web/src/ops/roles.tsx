import { useState } from "react";
import { z } from "zod";
import { Button } from "../components/ui/button";
import { Dialog } from "../components/ui/dialog";
import { ErrorBox, StatusNote } from "../components/ui/error-box";
import { TextField } from "../components/ui/text-field";
import { opsRequest } from "./ops-api";
import { textOf } from "./use-load";

/** Roles (admins): an account's operator role given or taken away, after a confirmation. */
export function Roles() {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState("support");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const grant = async () => {
    setBusy(true);
    setError(null);
    try {
      const done = await opsRequest(
        "/ops/roles",
        z.object({ before: z.string().nullable(), after: z.string().nullable() }),
        { method: "POST", body: { email: email.trim(), role } },
      );
      setNote(`${email.trim()}: ${done.data.before ?? "player"} → ${done.data.after ?? "player"}`);
      setConfirming(false);
    } catch (e) {
      setError(textOf(e));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="ops__panel" aria-labelledby="roles-title">
      <h2 id="roles-title">Roles</h2>
      <p className="ops__muted">Support: players, reports, shop. Finance: and money. Admin: and roles.</p>
      <form
        className="ops__row"
        onSubmit={(e) => {
          e.preventDefault();
          setConfirming(true);
        }}
      >
        <TextField
          label="Account e-mail"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
        <div className="field">
          <label className="field__label" htmlFor="ops-role">
            Role
          </label>
          <select
            id="ops-role"
            className="field__input ops__select"
            value={role}
            onChange={(e) => setRole(e.target.value)}
          >
            <option value="support">support</option>
            <option value="finance">finance</option>
            <option value="admin">admin</option>
            <option value="none">none (take the role away)</option>
          </select>
        </div>
        <Button type="submit">Grant</Button>
      </form>
      {note ? <StatusNote>{note}</StatusNote> : null}
      {error ? <ErrorBox>{error}</ErrorBox> : null}
      <Dialog isOpen={confirming} title="Change the role" onClose={() => setConfirming(false)} isBusy={busy}>
        <p>
          Give {email.trim()} the role <strong>{role}</strong>?
        </p>
        <div className="ops__row">
          <Button variant="ghost" onClick={() => setConfirming(false)} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={grant} busy={busy}>
            Confirm
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
