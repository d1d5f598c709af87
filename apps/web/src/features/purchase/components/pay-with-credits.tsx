import { formatCents } from "@mx/shared/money";
import { paths } from "@mx/shared/routes";
import type { PaymentCard } from "@mx/shared/schemas/payments";
import { useEffect } from "react";
import { Link } from "react-router";
import { CheckboxField } from "../../../components/ui/checkbox-field";
import { useCredits } from "../../../lib/credits";
import { formatDateTime } from "../../../lib/format-date";
import { purchaseCopy } from "../copy";

interface PayWithCreditsProps {
  totalCents: number;
  /** Cents of credits to spend: 0 when not used. */
  creditsCents: number;
  onChange: (creditsCents: number) => void;
}

/**
 * Order Review's offer-wall credits: how many the player has, a box to spend them on this building (up to its
 * total; the card pays the rest), and a way to the offer wall when more would help.
 */
/** In place of a card when credits pay the whole total: nothing is charged, so no card is needed. */
export const CREDITS_ONLY: PaymentCard = {
  paymentMethodId: "credits",
  cardScheme: "credits",
  maskedCard: "Credits",
  last4: "",
  expiryMonth: 0,
  expiryYear: 0,
  nameOnCard: null,
  isDefault: false,
};

export function PayWithCredits({ totalCents, creditsCents, onChange }: PayWithCreditsProps) {
  const credits = useCredits();
  const usableCents = Math.round((credits.data?.usable ?? 0) * 100);
  const spendable = Math.min(usableCents, totalCents);

  // Credits spent elsewhere meanwhile: never ask for more than the player now has.
  useEffect(() => {
    if (creditsCents > spendable) onChange(spendable);
  }, [creditsCents, spendable, onChange]);

  return (
    <section className="review-card order-credits" aria-labelledby="order-credits">
      <h2 id="order-credits" className="review-card__eyebrow">
        {purchaseCopy.credits}
      </h2>
      {credits.isPending ? (
        <p className="review-payment__loading" role="status">
          {purchaseCopy.loadingCredits}
        </p>
      ) : credits.isError ? (
        <p className="order-credits__note">{purchaseCopy.creditsUnavailable}</p>
      ) : (
        <>
          <p className="order-credits__balance">
            {purchaseCopy.creditsBalance(formatCents(usableCents))}
            {credits.data.usableFrom ? (
              <span className="order-credits__note">
                {" "}
                {purchaseCopy.creditsFrom(formatDateTime(credits.data.usableFrom))}
              </span>
            ) : null}
          </p>
          {spendable > 0 ? (
            <CheckboxField
              label={purchaseCopy.spendCredits(formatCents(spendable))}
              checked={creditsCents > 0}
              onChange={(event) => onChange(event.target.checked ? spendable : 0)}
            />
          ) : null}
          {creditsCents > 0 ? (
            <dl className="amount-lines">
              <div className="amount-lines__row">
                <dt>{purchaseCopy.paidWithCredits}</dt>
                <dd>−{formatCents(creditsCents)}</dd>
              </div>
              <div className="amount-lines__row amount-lines__row--total">
                <dt>{purchaseCopy.chargedToCard}</dt>
                <dd>{formatCents(totalCents - creditsCents)}</dd>
              </div>
            </dl>
          ) : null}
          {usableCents < totalCents ? (
            <Link className="order-credits__earn" to={paths.offerwall}>
              {purchaseCopy.earnCredits}
            </Link>
          ) : null}
        </>
      )}
    </section>
  );
}
