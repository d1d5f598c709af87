import { errors } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { useBackOr, useCardSubmit } from "../../lib/card-submit";
import { useProfile } from "../../lib/current-profile";
import { useAddPayoutCard } from "./api/add-payout-card";

/** Back where the player came from (Withdrawal Methods, Withdrawals), or to Withdrawal Methods. */
export function useGoBack() {
  return useBackOr(paths.withdrawalMethods);
}

/** Add payout card: the token is attached to the player's connected account, the list refreshed, the page left. */
export function useAddPayoutCardForm() {
  const add = useAddPayoutCard();
  const profile = useProfile();
  const goBack = useGoBack();
  return useCardSubmit<{ tokenId: string }>({
    save: (result, handlers) =>
      add.mutate({ accountId: profile.data?.stripeConnAccId ?? null, tokenId: result.tokenId }, handlers),
    isSaving: add.isPending || add.isSuccess,
    failedMessage: errors.addPayoutMethodFailed,
    onSaved: goBack,
  });
}
