import { Children, type ReactNode } from "react";

/** True when there is nothing to show: no child, or only empty ones (null, false, ""), however many. */
function isEmpty(children: ReactNode): boolean {
  return Children.toArray(children).every((child) => child === "");
}

/** A form's error, announced as soon as it appears. Renders nothing without a message. */
export function ErrorBox({ children }: { children?: ReactNode }) {
  if (isEmpty(children)) return null;
  return (
    <div className="notice notice--error" role="alert">
      {children}
    </div>
  );
}

/** A success or progress note, announced politely. */
export function StatusNote({ children }: { children?: ReactNode }) {
  if (isEmpty(children)) return null;
  return (
    <div className="notice notice--success" role="status">
      {children}
    </div>
  );
}
