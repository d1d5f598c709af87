/**
 * This feature's own screen copy, free to change. Texts the product fixes word for word come from
 * @mx/shared/messages (docs/decisions/0003-texts-fixed-word-for-word.md).
 */
export const profileCopy = {
  title: "Profile",
  map: "Map",
  balanceLabel: "Total property value",
  earningsLabel: "Earnings to withdraw",
  accountMenu: "Account",
  loading: "Loading…",
  creditsLabel: "Credits",
  creditsError: "Unavailable",
  creditsDebt: (amount: string) => `${amount} owed from a reversed offer`,
  creditsFrom: (when: string) => `Spendable from ${when}`,
  earnCredits: "Earn credits",
} as const;
