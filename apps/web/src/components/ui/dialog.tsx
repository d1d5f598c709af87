import { type ReactNode, type RefObject, useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";

interface DialogProps {
  isOpen: boolean;
  title: string;
  /** Escape, a click on the backdrop, or a cancel button. Not called while `isBusy`. */
  onClose: () => void;
  children: ReactNode;
  /** While working the dialog cannot be dismissed. */
  isBusy?: boolean;
  /** The element to focus when the dialog opens; the first focusable one otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** "alertdialog" for a message the player must acknowledge. */
  role?: "dialog" | "alertdialog";
  /** The id of the element that describes the dialog (its message). */
  describedBy?: string;
}

// A frame is a Tab stop too: the keyboard must reach a framed page's own controls (the bank's check).
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/** The element to return focus to, passed from a dialog that closed while another one opened. */
let handedOver: HTMLElement | null = null;

/** Keeps Tab and Shift+Tab cycling among the panel's focusable elements. */
function keepTabInside(event: KeyboardEvent, panel: HTMLElement | null) {
  if (!panel) return;
  const focusable = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !panel.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * While the dialog is open: the page behind is inert, focus moves in and Tab stays inside, Escape closes (unless busy),
 * the page does not scroll; on closing, focus goes back to the opener. Gives the panel's ref, and the busy flag's
 * for the backdrop.
 */
function useModal(
  isOpen: boolean,
  onClose: () => void,
  isBusy: boolean,
  initialFocusRef: RefObject<HTMLElement | null> | undefined,
) {
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  const busyRef = useRef(isBusy);
  closeRef.current = onClose;
  busyRef.current = isBusy;

  useEffect(() => {
    if (!isOpen) return;
    // A dialog that replaced another one in the same render (a result shown as a confirmation closes) returns
    // focus to what opened the first.
    const opener =
      handedOver ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    handedOver = null;
    const appRoot = document.getElementById("root");
    appRoot?.setAttribute("inert", "");
    const focusTarget =
      initialFocusRef?.current ?? panel.current?.querySelector<HTMLElement>(FOCUSABLE) ?? panel.current;
    focusTarget?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        if (!busyRef.current) closeRef.current();
        return;
      }
      if (event.key === "Tab") keepTabInside(event, panel.current);
    };
    document.addEventListener("keydown", onKeyDown);
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";

    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.body.style.overflow = overflow;
      // Another dialog may have opened meanwhile (a result shown as a confirmation closes): it keeps the page inert.
      if (document.querySelector(".dialog-backdrop .dialog")) {
        handedOver = opener;
        return;
      }
      appRoot?.removeAttribute("inert");
      if (opener?.isConnected) opener.focus();
    };
  }, [isOpen, initialFocusRef]);

  return { panel, busyRef };
}

/**
 * A modal dialog: the page behind is inert, Tab stays inside, Escape closes,
 * and focus goes back to whatever opened it.
 */
export function Dialog({
  isOpen,
  title,
  onClose,
  children,
  isBusy = false,
  initialFocusRef,
  role = "dialog",
  describedBy,
}: DialogProps) {
  const titleId = useId();
  const { panel, busyRef } = useModal(isOpen, onClose, isBusy, initialFocusRef);

  if (!isOpen) return null;
  return createPortal(
    <div className="dialog-backdrop">
      <div
        className="dialog-backdrop__scrim"
        aria-hidden="true"
        onClick={() => {
          if (!busyRef.current) onClose();
        }}
      />
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is "dialog" or "alertdialog"; both take aria-modal */}
      <div
        ref={panel}
        className="dialog"
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
