import { texts } from "@mx/shared/messages";

export const PAYOUT_MODES = ["manual", "instant"] as const;
export type PayoutMode = (typeof PAYOUT_MODES)[number];

export const payoutModeLabel = (mode: PayoutMode): string =>
  mode === "manual" ? texts.manual : texts.instant;
