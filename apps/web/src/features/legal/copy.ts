/**
 * This feature's own screen copy, free to change. Texts the product fixes word for word come from
 * @mx/shared/messages (docs/decisions/0003-texts-fixed-word-for-word.md).
 */
export const legalCopy = {
  topics: "Legal topics",
  topicsToggle: "Topics",
  contents: "Contents",
  goToTop: "Go to top",
  profile: "Profile",
  login: "Login",
  backToProfile: "Back to profile",
  opensInNewTab: " (opens in a new tab)",
  listLabel: "Legal documents",
} as const;
