import { errors } from "@mx/shared/messages";
import { useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { errorMessage } from "./api-client";

/** Back where the player came from, or — with no page of ours behind this one — to `fallback`. */
export function useBackOr(fallback: string) {
  const navigate = useNavigate();
  const location = useLocation();
  // "default" is the key of the first entry the app was opened on: there is no page of ours behind it.
  const hasHistory = location.key !== "default";
  return () => {
    if (hasHistory) void navigate(-1);
    else void navigate(fallback, { replace: true });
  };
}

/** What a card form's tokeniser hands back: what to save, or the message to show. */
export type TokenResult<T extends object> = T | { error: string };

/** The Add Card submit a card form drives: `submit(tokenise)`, the one message, and whether it is busy. */
export interface CardSubmit<T extends object> {
  submit: (tokenise: () => Promise<TokenResult<T>>) => Promise<void>;
  error: string | null;
  /** A check of the form itself failed, before anything was sent. */
  setError: (message: string | null) => void;
  isBusy: boolean;
}

interface CardSaver<T> {
  /** Sends the token to the server (a mutation's `mutate`). */
  save: (token: T, handlers: { onSuccess: () => void; onError: (cause: unknown) => void }) => void;
  /** The save is under way or done (the page is about to leave). */
  isSaving: boolean;
  /** Shown when the save is refused without a message of its own. */
  failedMessage: string;
  onSaved: () => void;
}

/**
 * The Add Card submit, shared by the sandbox and Stripe forms: tokenise in the browser, save the token,
 * then leave. One message at a time, as Stripe shows it.
 */
export function useCardSubmit<T extends object>({
  save,
  isSaving,
  failedMessage,
  onSaved,
}: CardSaver<T>): CardSubmit<T> {
  const [isTokenising, setIsTokenising] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Guards a double click before React has re-rendered the busy button.
  const running = useRef(false);

  const submit = async (tokenise: () => Promise<TokenResult<T>>) => {
    if (running.current) return;
    running.current = true;
    setError(null);
    setIsTokenising(true);
    let result: TokenResult<T>;
    try {
      result = await tokenise();
    } catch (cause) {
      result = { error: errorMessage(cause, errors.createCardTokenFailed) };
    } finally {
      setIsTokenising(false);
    }
    if ("error" in result) {
      setError(result.error);
      running.current = false;
      return;
    }
    save(result, {
      onSuccess: onSaved,
      onError: (cause) => {
        setError(errorMessage(cause, failedMessage));
        running.current = false;
      },
    });
  };

  return { submit, error, setError, isBusy: isTokenising || isSaving };
}
