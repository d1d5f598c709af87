import { useRef, useState } from "react";
import type { SandboxAddressField } from "./host";
import type { CardFieldName } from "./payment-copy";

/** A field of the payment form: the card's or the address's. */
type Field = CardFieldName | SandboxAddressField;

/**
 * The form's one payment at a time: its problem line (which field, and the words), whether it is paying, and
 * `attempt`, which runs one payment and words its failure with `failure`, the form staying for another try.
 */
export function usePaymentAttempt(errorId: string, failure: (cause: unknown) => string) {
  const [problem, setProblem] = useState<{ field: Field | null; message: string } | null>(null);
  const [isPaying, setIsPaying] = useState(false);
  // Guards a double click before React has re-rendered the busy button.
  const running = useRef(false);
  const attempt = async (pay: () => Promise<void>) => {
    running.current = true;
    setProblem(null);
    setIsPaying(true);
    try {
      await pay();
    } catch (cause) {
      setProblem({ field: null, message: failure(cause) });
      setIsPaying(false);
      running.current = false;
    }
  };
  const invalid = (field: Field) =>
    problem?.field === field ? { "aria-invalid": true as const, "aria-describedby": errorId } : {};
  const edited = () => {
    if (problem) setProblem(null);
  };
  return { problem, setProblem, isPaying, running, attempt, invalid, edited };
}
