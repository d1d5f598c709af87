/** Screen copy the spec leaves open; the texts it fixes come from @mx/shared/messages. */
export const profileCopy = {
  title: "Profile",
  map: "Map",
  balanceLabel: "Total property value",
  accountMenu: "Account",
} as const;
