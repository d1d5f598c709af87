import type { PayoutCard } from "@mx/shared/schemas/payouts";
import { brandLabel } from "../../lib/card-labels";
import { payoutsCopy } from "./copy";

/** "VISA •••• 5556": how every screen of this feature names a payout card. */
export function payoutCardLabel(card: Pick<PayoutCard, "brand" | "last4">): string {
  return payoutsCopy.cardLabel(brandLabel(card.brand), card.last4);
}

/** "Exp 04/31": the month padded to two digits, the year as its last two digits. */
export function payoutCardExpiry(card: Pick<PayoutCard, "expMonth" | "expYear">): string {
  return payoutsCopy.expires(
    String(card.expMonth).padStart(2, "0"),
    String(card.expYear % 100).padStart(2, "0"),
  );
}
