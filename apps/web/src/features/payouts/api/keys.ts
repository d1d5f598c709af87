/** The cache entries of this feature: every call below reads or refreshes one of these. */
export const payoutKeys = {
  all: ["payouts"] as const,
  cards: ["payouts", "cards"] as const,
  balance: ["payouts", "balance"] as const,
  details: ["payouts", "details"] as const,
};
