import type { ReactNode } from "react";

/** A form's error, announced as soon as it appears. Renders nothing without a message. */
export function ErrorBox({ children }: { children?: ReactNode }) {
  if (children === null || children === undefined || children === "") return null;
  return (
    <div className="notice notice--error" role="alert">
      {children}
    </div>
  );
}

/** A success or progress note, announced politely. */
export function StatusNote({ children }: { children?: ReactNode }) {
  if (children === null || children === undefined || children === "") return null;
  return (
    <div className="notice notice--success" role="status">
      {children}
    </div>
  );
}
