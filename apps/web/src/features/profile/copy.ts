/** Screen copy the spec leaves open; the texts it fixes come from @mx/shared/messages. */
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
