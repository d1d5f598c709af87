import { cardsCopy } from "../../features/cards/copy";
import { useAddCard } from "../../features/cards/use-add-card";
import { asBrand, SandboxCardForm as CardForm } from "../card-entry/card-form";

/** Add Card in the sandbox: the card is saved with its last 4 and scheme, as the token tells them. */
export default function SandboxAddCardForm() {
  const addCard = useAddCard();
  return (
    <CardForm
      copy={cardsCopy}
      form={addCard}
      fromToken={(token, digits) => ({
        card: {
          token: token.id,
          last4: token.card.last4 || digits.slice(-4),
          brand: asBrand(token.card.brand),
        },
      })}
    />
  );
}
