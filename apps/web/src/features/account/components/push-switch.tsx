import { useEffect, useId, useState } from "react";
import { ErrorBox } from "../../../components/ui/error-box";
import { disablePush, enablePush, getPushState, type PushState } from "../api/push";
import { accountCopy } from "../copy";

/** Account Settings' "Push notifications" switch: asks permission and subscribes this browser, or stops it. */
export function PushSwitch() {
  const labelId = useId();
  const hintId = useId();
  const [state, setState] = useState<PushState | "checking">("checking");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    getPushState().then(
      (s) => live && setState(s),
      () => live && setState("off"),
    );
    return () => {
      live = false;
    };
  }, []);

  const on = state === "on";
  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      setState(on ? await disablePush() : await enablePush());
    } catch (cause) {
      console.warn("Push notifications could not be changed", cause);
      setError(on ? accountCopy.pushOffFailed : accountCopy.pushOnFailed);
    } finally {
      setBusy(false);
    }
  };

  const note =
    state === "unsupported"
      ? accountCopy.pushUnsupported
      : state === "blocked"
        ? accountCopy.pushBlocked
        : accountCopy.pushHint;

  return (
    <section className="push-setting" aria-labelledby={labelId}>
      <div className="push-setting__row">
        <div className="push-setting__text">
          <h2 id={labelId} className="push-setting__title">
            {accountCopy.pushTitle}
          </h2>
          <p id={hintId} className="push-setting__hint">
            {note}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          className="switch"
          aria-checked={on}
          aria-labelledby={labelId}
          aria-describedby={hintId}
          aria-busy={busy || state === "checking"}
          disabled={busy || state === "checking" || state === "unsupported" || state === "blocked"}
          onClick={() => void toggle()}
        >
          <span className="switch__track" aria-hidden="true">
            <span className="switch__knob" />
          </span>
          <span className="switch__state" aria-hidden="true">
            {on ? accountCopy.on : accountCopy.off}
          </span>
        </button>
      </div>
      <ErrorBox>{error}</ErrorBox>
    </section>
  );
}
