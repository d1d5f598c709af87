/** Screen copy the spec leaves open; the texts it fixes come from @mx/shared/messages. */
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
