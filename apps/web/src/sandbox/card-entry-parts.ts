import type { SandboxCardEntryParts, SandboxCardFormCopy } from "@mx/sandbox/web/host";
import { type CardFormCopy, CardFormFrame } from "../components/card-entry/card-form-frame";
import { useCardholderName } from "../components/card-entry/use-cardholder-name";
import { CardChip } from "../components/ui/card-chip";
import { brandLabel } from "../lib/card-labels";

/** The parts of a card form the sandbox's Add Card and Add payout card share with Stripe's. */
export const cardEntryParts: SandboxCardEntryParts<CardFormCopy & SandboxCardFormCopy> = {
  CardFormFrame,
  useCardholderName,
  CardChip,
  brandLabel,
};
