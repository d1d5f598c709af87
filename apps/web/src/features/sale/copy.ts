import { ASK_PROCESSING_FEE_CENTS } from "@mx/shared/constants";
import { formatCents } from "@mx/shared/money";

const fee = formatCents(ASK_PROCESSING_FEE_CENTS);

/**
 * This feature's own screen copy, free to change. Texts the product fixes word for word come from
 * @mx/shared/messages (docs/decisions/0003-texts-fixed-word-for-word.md).
 */
export const saleCopy = {
  title: "Place Ask",
  youAreSelling: "You are selling",
  price: "Price",
  processingFee: "Processing fee",
  youReceive: "You receive",
  feeNote: `A processing fee of ${fee} is taken from the sale. You receive the rest when a buyer pays.`,
  payoutNote: "Sales are paid out to your connected payout account.",
  payoutNoteBeforeOnboarding:
    "Before your first ask you set up a payout account: that is where the money from your sales goes.",
  priceTooLow: `The price must be more than the ${fee} processing fee.`,
  forSaleNow: "This building is for sale now. Confirming replaces its asking price.",
  cancel: "Cancel",
  put: "Put",
  upForSaleAt: "up for sale at",
  placing: "Placing your ask…",
  cancelling: "Cancelling the sale…",
  payoutsReady: "Payouts are set up. Confirm your ask to put the building up for sale.",
  payoutsUnfinished: "Payout setup is not finished yet. Confirm your ask to continue setting it up.",
  toOnboarding: "You need a payout account before you can sell. Taking you to set it up…",
  cancelQuestion: (name: string, ask: string) => `Take ${name} off the market? It is for sale at ${ask}.`,
  cancelOutcome: "Every pending bid on it is released. You can put it up for sale again at any time.",
  keepForSale: "Keep it for sale",
  confirmCancel: "Take it off the market",
  askPlaced: (name: string) => `${name} is now for sale.`,
  saleCancelled: (name: string) => `${name} is no longer for sale.`,
  noAnswer: "The server could not be reached. Check your connection and try again.",
} as const;
