import type { PayoutCard } from "@mx/shared/schemas/payouts";
import { useId } from "react";
import { CardChip } from "../../../components/ui/card-chip";
import { TrashIcon } from "../../../components/ui/icons";
import { payoutsCopy } from "../copy";
import { payoutCardExpiry, payoutCardLabel } from "../payout-card-label";

interface PayoutCardRowProps {
  card: PayoutCard;
  /** The radio group's name: one card ticked at a time. */
  group: string;
  isTicked: boolean;
  onTick: () => void;
  onDelete: () => void;
  /** A call is running on the list: the controls wait. */
  isLocked: boolean;
}

/** One payout card: its tick, brand and last 4, expiry (year as two digits), the Default badge and a remove control. */
export function PayoutCardRow({ card, group, isTicked, onTick, onDelete, isLocked }: PayoutCardRowProps) {
  const inputId = useId();
  const detailsId = `${inputId}-details`;
  const badgeId = `${inputId}-badge`;
  const label = payoutCardLabel(card);
  return (
    <div className={isTicked ? "payout-card payout-card--ticked" : "payout-card"}>
      <input
        id={inputId}
        className="payout-card__tick"
        type="radio"
        name={group}
        value={card.id}
        checked={isTicked}
        onChange={onTick}
        disabled={isLocked}
        aria-label={payoutsCopy.select(label)}
        aria-describedby={card.isDefault ? `${badgeId} ${detailsId}` : detailsId}
      />
      <label htmlFor={inputId} className="payout-card__face">
        <CardChip scheme={card.brand} />
        <span className="payout-card__text">
          <span className="payout-card__title">
            <span className="payout-card__number">{label}</span>
            {card.isDefault ? (
              <span className="payouts-badge" id={badgeId}>
                {payoutsCopy.defaultBadge}
              </span>
            ) : null}
          </span>
          <span className="payout-card__meta" id={detailsId}>
            <span>{payoutCardExpiry(card)}</span>
            {card.funding === "debit" ? <span>{payoutsCopy.debit}</span> : null}
          </span>
        </span>
      </label>
      <button
        type="button"
        className="icon-button payout-card__delete"
        onClick={onDelete}
        disabled={isLocked}
        aria-label={payoutsCopy.deleteCard(label)}
      >
        <TrashIcon />
      </button>
    </div>
  );
}
