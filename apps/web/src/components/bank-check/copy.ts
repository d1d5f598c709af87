/** The bank's-check dialog's copy: the app's own words, free to change. */
export const bankCheckCopy = {
  title: "Confirm with your bank",
  intro: "Your bank asks you to confirm this payment before it goes through.",
  frameTitle: "Your bank's check",
  openingBank: "Opening your bank's check…",
  stripeWaiting: "Follow the steps in your bank's window.",
  stillOpen: "Your bank has not confirmed the payment yet. Please answer its check again.",
  tryAgain: "Try again",
  confirming: "Confirming your payment…",
  cancel: "Cancel",
} as const;
