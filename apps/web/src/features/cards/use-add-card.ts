import { errors } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { errorMessage } from "../../lib/api-client";
import { type NewCard, useCreatePaymentMethod } from "./api/create-payment-method";

/** What a card form's tokeniser hands back: the new card payload, or the message to show. */
export type TokenResult = { card: NewCard } | { error: string };

/** Back where the player came from (Payment Methods, an order review…), or to Payment Methods. */
export function useGoBack() {
  const navigate = useNavigate();
  const location = useLocation();
  // "default" is the key of the first entry the app was opened on: there is no page of ours behind it.
  const hasHistory = location.key !== "default";
  return () => {
    if (hasHistory) void navigate(-1);
    else void navigate(paths.paymentMethods, { replace: true });
  };
}

/**
 * The Add Card submit, shared by the sandbox and Stripe forms: tokenise in the browser, save the
 * token as the default card, refresh the list and go back. One message at a time, as Stripe shows it.
 */
export function useAddCard() {
  const create = useCreatePaymentMethod();
  const goBack = useGoBack();
  const [isTokenising, setIsTokenising] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Guards a double click before React has re-rendered the busy button.
  const running = useRef(false);

  const submit = async (tokenise: () => Promise<TokenResult>) => {
    if (running.current) return;
    running.current = true;
    setError(null);
    setIsTokenising(true);
    let result: TokenResult;
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
    create.mutate(result.card, {
      onSuccess: goBack,
      onError: (cause) => {
        setError(errorMessage(cause, errors.addCardFailed));
        running.current = false;
      },
    });
  };

  return {
    submit,
    error,
    /** A check of the form itself failed, before anything was sent. */
    setError,
    isBusy: isTokenising || create.isPending || create.isSuccess,
  };
}
