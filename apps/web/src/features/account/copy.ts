/** Screen copy the spec leaves open; the texts it fixes come from @mx/shared/messages. */
export const accountCopy = {
  backToProfile: "Back to profile",
  colorHint: "Buildings you own are drawn in this colour on the map.",
  dangerTitle: "Delete your account",
  dangerText:
    "Your buildings return to the market and your remaining balance is refunded to your default payment method, minus processing fees.",
  updated: "Your profile has been updated.",
} as const;
