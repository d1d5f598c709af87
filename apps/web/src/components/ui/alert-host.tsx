import { useRef, useSyncExternalStore } from "react";
import { currentAlert, dismissAlert, subscribeAlerts } from "../../lib/alerts";
import { Button } from "./button";
import { Dialog } from "./dialog";

/**
 * Shows the alerts of `showAlert` as an `alertdialog`: focus moves to OK, Escape or OK dismisses it, and
 * focus goes back to where it was. Rendered once, at the root of the app.
 */
export function AlertHost() {
  const alert = useSyncExternalStore(subscribeAlerts, currentAlert, currentAlert);
  const okRef = useRef<HTMLButtonElement>(null);
  if (!alert) return null;
  const close = () => dismissAlert(alert.id);
  return (
    <Dialog
      key={alert.id}
      isOpen
      role="alertdialog"
      title={alert.title}
      onClose={close}
      initialFocusRef={okRef}
      describedBy="alert-host-message"
    >
      <p id="alert-host-message" className="dialog__text">
        {alert.message}
      </p>
      <div className="dialog__actions">
        <Button ref={okRef} onClick={close}>
          OK
        </Button>
      </div>
    </Dialog>
  );
}
