import { errors } from "@mx/shared/messages";
import { StripeCardEntry } from "../../../components/card-entry/stripe-card-entry";
import { payoutsCopy } from "../copy";
import { useAddPayoutCardForm } from "../use-add-payout-card";

/**
 * Stripe mode: the Card Element, tokenised with Stripe from the browser. A payout card's token carries the
 * currency it will be paid in (Stripe needs it to attach a debit card to a connected account).
 */
export default function StripePayoutCardForm({ publishableKey }: { publishableKey: string | undefined }) {
  const form = useAddPayoutCardForm();
  return (
    <StripeCardEntry
      publishableKey={publishableKey}
      form={form}
      copy={payoutsCopy}
      lead={payoutsCopy.debitOnly}
      tokenise={async (stripe, card, name) => {
        const result = await stripe.createToken(card, { name, currency: "usd" });
        if (result.error || !result.token)
          return { error: result.error?.message || errors.createTokenFailed };
        return { tokenId: result.token.id };
      }}
    />
  );
}
