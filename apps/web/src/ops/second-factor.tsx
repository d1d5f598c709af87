import { Enrolment, OperatorStatus } from "@mx/shared/schemas/ops";
import { type FormEvent, useState } from "react";
import { Button } from "../components/ui/button";
import { ErrorBox } from "../components/ui/error-box";
import { TextField } from "../components/ui/text-field";
import { opsRequest } from "./ops-api";
import { textOf } from "./use-load";

/** The second factor: setting up the authenticator (its QR code and recovery codes), then a code from it. */
export function SecondFactor({ status, onPassed }: { status: OperatorStatus; onPassed: () => void }) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const enrol = async () => {
    setBusy(true);
    setError(null);
    try {
      setEnrolment((await opsRequest("/ops/factor/enrol", Enrolment, { method: "POST" })).data);
    } catch (e) {
      setError(textOf(e));
    } finally {
      setBusy(false);
    }
  };
  const verify = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await opsRequest("/ops/factor/verify", OperatorStatus, { method: "POST", body: { code: code.trim() } });
      onPassed();
    } catch (e) {
      setError(textOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="ops__panel ops__factor" aria-labelledby="factor-title">
      <h2 id="factor-title">Second factor</h2>
      {!status.enrolled && !enrolment ? (
        <>
          <p>Operators give a code from an authenticator app each time they sign in. Set one up first.</p>
          <Button onClick={enrol} busy={busy}>
            Set up the authenticator
          </Button>
        </>
      ) : null}
      {enrolment ? <EnrolmentDetails enrolment={enrolment} /> : null}
      {status.enrolled || enrolment ? (
        <form onSubmit={verify} className="ops__row">
          <TextField
            label="Code from the authenticator (or a recovery code)"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="one-time-code"
            inputMode="text"
            required
          />
          <Button type="submit" busy={busy}>
            Continue
          </Button>
        </form>
      ) : null}
      {error ? <ErrorBox>{error}</ErrorBox> : null}
    </section>
  );
}

/** A new enrolment: the QR code and key to set up the authenticator, and the recovery codes, shown once. */
function EnrolmentDetails({ enrolment }: { enrolment: Enrolment }) {
  return (
    <div className="ops__enrol">
      <img src={enrolment.qrCode} alt="QR code to scan with the authenticator app" width={200} height={200} />
      <div>
        <p>
          Scan the code, or type this key: <code data-testid="totp-secret">{enrolment.secret}</code>
        </p>
        <p>Keep these recovery codes somewhere safe; each works once, and they are not shown again:</p>
        <ul className="ops__codes" data-testid="recovery-codes">
          {enrolment.recoveryCodes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
