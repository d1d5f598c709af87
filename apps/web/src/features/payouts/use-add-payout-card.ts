import { errors } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { errorMessage } from "../../lib/api-client";
import { useProfile } from "../../lib/current-profile";
import { useAddPayoutCard } from "./api/add-payout-card";

/** What a card form's tokeniser hands back: the token, or the message to show. */
export type TokenResult = { tokenId: string } | { error: string };

/** Back where the player came from (Withdrawal Methods, Withdrawals), or to Withdrawal Methods. */
export function useGoBack() {
  const navigate = useNavigate();
  const location = useLocation();
  // "default" is the key of the entry the app was opened on: there is no page of ours behind it.
  const hasHistory = location.key !== "default";
  return () => {
    if (hasHistory) void navigate(-1);
    else void navigate(paths.withdrawalMethods, { replace: true });
  };
}

/**
 * The Add payout card submit, shared by the sandbox and Stripe forms: tokenise in the browser, attach the
 * token to the player's connected account, refresh the list and go back. One message at a time.
 */
export function useAddPayoutCardForm() {
  const add = useAddPayoutCard();
  const profile = useProfile();
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
    add.mutate(
      { accountId: profile.data?.stripeConnAccId ?? null, tokenId: result.tokenId },
      {
        onSuccess: goBack,
        onError: (cause) => {
          setError(errorMessage(cause, errors.addPayoutMethodFailed));
          running.current = false;
        },
      },
    );
  };

  return { submit, error, setError, isBusy: isTokenising || add.isPending || add.isSuccess };
}
