import type { PayoutCard } from "@mx/shared/schemas/payouts";
import { CardRow } from "../../../components/card-entry/card-row";
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
export function PayoutCardRow({ card, ...row }: PayoutCardRowProps) {
  return (
    <CardRow
      {...row}
      value={card.id}
      scheme={card.brand}
      label={payoutCardLabel(card)}
      isDefault={card.isDefault}
      copy={payoutsCopy}
      details={
        <>
          <span>{payoutCardExpiry(card)}</span>
          {card.funding === "debit" ? <span>{payoutsCopy.debit}</span> : null}
        </>
      }
    />
  );
}
