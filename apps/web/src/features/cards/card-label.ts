import type { PaymentCard } from "@mx/shared/schemas/payments";
import { brandLabel } from "../../lib/card-labels";
import { cardsCopy } from "./copy";

/** "VISA •••• 4242": how every screen of this feature names a card. */
export function cardLabel(card: Pick<PaymentCard, "cardScheme" | "last4">): string {
  return cardsCopy.cardLabel(brandLabel(card.cardScheme), card.last4);
}

/** "Exp 04/2031": the month always padded to two digits, the year in full. */
export function cardExpiry(card: Pick<PaymentCard, "expiryMonth" | "expiryYear">): string {
  return cardsCopy.expires(String(card.expiryMonth).padStart(2, "0"), card.expiryYear);
}
