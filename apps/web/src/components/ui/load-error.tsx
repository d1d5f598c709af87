import type { ReactNode } from "react";
import { Button } from "./button";
import { ErrorBox } from "./error-box";

interface LoadErrorProps {
  /** The error text; nothing renders without one. */
  children?: ReactNode;
  onRetry: () => void;
  isRetrying: boolean;
}

/** A list or page that failed to load: the error, and Retry to load it again. */
export function LoadError({ children, onRetry, isRetrying }: LoadErrorProps) {
  if (children === null || children === undefined || children === "") return null;
  return (
    <div className="load-error">
      <ErrorBox>{children}</ErrorBox>
      <Button variant="secondary" onClick={onRetry} busy={isRetrying}>
        Retry
      </Button>
    </div>
  );
}
