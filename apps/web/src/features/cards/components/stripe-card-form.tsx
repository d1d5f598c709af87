import { errors } from "@mx/shared/messages";
import { StripeCardEntry } from "../../../components/card-entry/stripe-card-entry";
import { brandFromStripe } from "../../../lib/card-labels";
import { cardsCopy } from "../copy";
import { useAddCard } from "../use-add-card";

/** Stripe mode: the Card Element, tokenised straight with Stripe from the browser (publishable key). */
export default function StripeCardForm({ publishableKey }: { publishableKey: string | undefined }) {
  const addCard = useAddCard();
  return (
    <StripeCardEntry
      publishableKey={publishableKey}
      form={addCard}
      copy={cardsCopy}
      tokenise={async (stripe, card, name) => {
        const result = await stripe.createToken(card, { name });
        if (result.error || !result.token) {
          return { error: result.error?.message || errors.createCardTokenFailed };
        }
        const { token } = result;
        return {
          card: { token: token.id, last4: token.card?.last4, brand: brandFromStripe(token.card?.brand) },
        };
      }}
    />
  );
}
