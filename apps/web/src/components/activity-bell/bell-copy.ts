/** The bell's and its feed's words. */
export const bellCopy = {
  title: "Notifications",
  label: (unread: number) =>
    unread === 0 ? "Notifications, none unread" : `Notifications, ${unread} unread`,
  markAllRead: "Mark all read",
  markingRead: "Marking…",
  loadMore: "Show older",
  empty: "No notifications yet",
  emptyHint: "Bids on your buildings, answers to your bids and payouts show up here.",
  retry: "Try again",
  close: "Close",
  unread: "Unread",
  arrived: (title: string, body: string) => `New notification: ${title}. ${body}`,
} as const;
