import { asBrand, SandboxCardForm as CardForm } from "../../../components/card-entry/sandbox-card-form";
import { cardsCopy } from "../copy";
import { useAddCard } from "../use-add-card";

/** Add Card in the sandbox: the card is saved with its last 4 and scheme, as the token tells them. */
export function SandboxCardForm() {
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
