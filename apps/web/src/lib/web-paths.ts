/** Pages of the app that only the app itself links to (the server's links are in @mx/shared/routes). */
export const webPaths = {
  /** Review and pay for a development; Property Details sends the building and the option in the router state. */
  developReview: "/develop-review",
} as const;
