import { errors } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { useBackOr, useCardSubmit } from "../../lib/card-submit";
import { type NewCard, useCreatePaymentMethod } from "./api/create-payment-method";

/** Back where the player came from (Payment Methods, an order review…), or to Payment Methods. */
export function useGoBack() {
  return useBackOr(paths.paymentMethods);
}

/** Add Card: the tokenised card is saved as the default card, the list refreshed, and the page left. */
export function useAddCard() {
  const create = useCreatePaymentMethod();
  const goBack = useGoBack();
  return useCardSubmit<{ card: NewCard }>({
    save: (result, handlers) => create.mutate(result.card, handlers),
    isSaving: create.isPending || create.isSuccess,
    failedMessage: errors.addCardFailed,
    onSaved: goBack,
  });
}
