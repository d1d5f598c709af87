import SandboxAddCardForm from "@mx/sandbox/web/add-card-form";
import { cardsCopy } from "../../features/cards/copy";
import { useAddCard } from "../../features/cards/use-add-card";
import { cardEntryParts } from "../card-entry-parts";
import { sandboxHost } from "../host";

/** Add Card in the sandbox: the sandbox's card form, saving through this app's Add Card. */
export default function SandboxAddCard() {
  const addCard = useAddCard();
  return <SandboxAddCardForm host={sandboxHost} parts={cardEntryParts} copy={cardsCopy} form={addCard} />;
}
