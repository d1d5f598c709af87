/**
 * This feature's own screen copy, free to change. Texts the product fixes word for word come from
 * @mx/shared/messages (docs/decisions/0003-texts-fixed-word-for-word.md).
 */
export const accountCopy = {
  backToProfile: "Back to profile",
  colorHint: "Buildings you own are drawn in this colour on the map.",
  dangerTitle: "Delete your account",
  dangerText:
    "Your buildings return to the market and your remaining balance is refunded to your default payment method, minus processing fees.",
  updated: "Your profile has been updated.",
  pushTitle: "Push notifications",
  pushHint:
    "Bids on your buildings, accepted bids, outbids, payouts and the buildings you watch, even when the app is closed.",
  pushUnsupported:
    "This browser cannot receive push notifications here. Install the app or open it in a browser that supports them.",
  pushBlocked:
    "Notifications are blocked for this site. Allow them in your browser's site settings, then come back.",
  pushOnFailed: "Push notifications could not be turned on. Try again.",
  pushOffFailed: "Push notifications could not be turned off. Try again.",
  publicProfileTitle: "Public profile",
  publicProfileHint:
    "Anyone can see your username, colour, when you joined, how many buildings you hold and their total value, and your latest trades.",
  publicProfileLink: "See your public profile",
  hideHoldings: "Hide my buildings on my public profile",
  hideHoldingsFailed: "Your choice could not be saved. Try again.",
  holdingsHidden:
    "Your buildings are hidden on your public profile. Their number and total value still show.",
  holdingsShown: "Your buildings are listed on your public profile.",
  on: "On",
  off: "Off",
} as const;
