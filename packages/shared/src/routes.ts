/** Every URL the web app links to and every API path, in one place. */

export const paths = {
  landing: "/",
  login: "/login",
  signup: "/signup",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  profile: "/profile",
  legal: "/legal",
  accountSettings: "/Account-settings",
  paymentMethods: "/Payment-Methods",
  paymentMethodsLower: "/payment-methods",
  addCard: "/Add-Card",
  withdrawalMethods: "/withdrawal-methods",
  addPayoutCard: "/Add-payout-card",
  withdrawal: "/Withdrawl",
  propertyDetails: "/Property-Details",
  orderReview: "/order-review",
  sellReview: "/sell-review",
  bidReview: "/bid-review",
  assets: "/assets",
  leaderboard: "/Leader-board",
  bids: "/bids",
  shop: "/shop",
  offerwall: "/offerwall",
  product: (id: number | string) => `/product/${id}`,
  checkout: "/checkout",
  return: "/return",
  privacy: "/privacy",
  terms: "/terms",
  eula: "/eula",
  disclaimer: "/disclaimer",
  market: "/market",
  portfolio: "/portfolio",
  watchlist: "/watchlist",
  /** A player's public profile; open signed out too. A username's characters (USERNAME_PATTERN) are safe in a path. */
  player: (userName: string) => `/players/${userName}`,
  collections: "/collections",
  collection: (id: string) => `/collections/${encodeURIComponent(id)}`,
  /** The static map page, loaded by full navigation. */
  map: "/map",
  /** The operator console (operators only; its own chunk). */
  ops: "/ops",
} as const;

export const API_BASE = "/api/v1";

export const api = {
  otpCreate: "/otp/create",
  otpVerify: "/otp/verify",
  signUp: "/users/",
  userNameAvailable: "/users/username-available",
  login: "/users/login",
  profile: "/users/profile",
  updateProfile: "/users/",
  deleteUser: (id: string) => `/users/${encodeURIComponent(id)}`,
  logout: "/users/logout",
  refreshToken: "/users/refresh-token",
  changePassword: "/users/change-password",
  resetPassword: "/users/reset-password",
  config: "/config",
  checkPropertyDetails: (text: string) => `/properties/checkPropertyDetails?text=${encodeURIComponent(text)}`,
  priceHistory: (buildingId: string) =>
    `/properties/price-history?buildingId=${encodeURIComponent(buildingId)}`,
  properties: "/properties",
  leaderboard: "/properties/leading-board",
  buildings: "/buildings",
  buildingSearch: "/buildings/search",
  neighborhoods: "/neighborhoods",
  neighborhood: (name: string) => `/neighborhoods/detail?name=${encodeURIComponent(name)}`,
  mapManifest: "/map/manifest",
  mapState: "/map/state",
  paymentMethods: "/users/get/payment/method",
  createPaymentMethod: "/users/create/payment/method",
  deletePaymentMethod: (id: string) => `/users/delete/payment/method/${encodeURIComponent(id)}`,
  setDefaultPaymentMethod: "/users/set/payment/method/default",
  paymentIntent: "/users/payment/intent/token",
  buyProperty: "/properties/buy",
  confirmPurchase: "/properties/buy/confirm",
  develop: "/properties/develop",
  confirmDevelopment: "/properties/develop/confirm",
  offerwall: "/offerwall",
  offerwallCredits: "/offerwall/credits",
  /** Completes a sample offer of the partner that runs in this process (off production only). */
  offerwallPartnerComplete: "/offerwall/sandbox/complete",
  offerwallPostback: (provider: string) => `/offerwall/postback/${encodeURIComponent(provider)}`,
  placeAsk: "/properties/place-ask",
  cancelSale: "/properties/cancel-sale",
  onboarding: "/users/stripe/onboarding",
  payoutAccount: "/users/stripe/payout-account",
  activities: "/users/activities",
  activitiesRead: "/users/activities/read",
  pushPublicKey: "/push/public-key",
  pushSubscribe: "/users/push/subscribe",
  pushUnsubscribe: "/users/push/unsubscribe",
  payoutCards: "/users/externalAccountList",
  addPayoutCard: "/users/stripe/external/account/details/v1",
  setDefaultPayoutCard: "/users/setDefaultSubaccount",
  deletePayoutCard: (id: string) => `/users/deleteSubaccount/${encodeURIComponent(id)}`,
  balance: "/users/balance",
  payoutDetails: "/users/payout/details",
  editPayout: "/users/edit-Payout",
  manualPayout: "/users/manual-payout",
  instantPayout: "/users/instant-payout-card",
  shopProducts: "/shop/products",
  createCheckoutSession: "/stripe/webhooks/create-checkout-session",
  sessionStatus: (sessionId: string) =>
    `/stripe/webhooks/session-status?session_id=${encodeURIComponent(sessionId)}`,
  confirmPaypalCheckout: "/shop/paypal/confirm",
  generateBid: "/properties/generate-bid",
  submitBid: "/properties/submit-bid",
  confirmBid: "/properties/submit-bid/confirm",
  acceptBid: "/properties/accept-bid",
  rejectBid: "/properties/reject-bid",
  cancelBid: "/properties/cancel-bid",
  bids: "/properties/bids",
  marketListings: "/market/listings",
  marketTrades: "/market/trades",
  marketIndex: "/market/index",
  marketBuilding: (buildingId: string) => `/market/building?buildingId=${encodeURIComponent(buildingId)}`,
  portfolio: "/users/portfolio",
  watchlist: "/users/watchlist",
  player: (userName: string) => `/players/${encodeURIComponent(userName)}`,
  collections: "/collections",
  collection: (id: string) => `/collections/${encodeURIComponent(id)}`,
  collectors: "/collections/leaderboard",
  heldCollectionsMap: "/collections/map",
  unwatch: (buildingId: string) => `/users/watchlist/${encodeURIComponent(buildingId)}`,
  alertSettings: "/users/alert-settings",
  reports: "/reports",
  statement: (year: number, format: "csv" | "json") => `/users/statement?year=${year}&format=${format}`,
} as const;

/** The map, flown to one building: "Show on map". */
export const mapAtBuilding = (buildingId: string) =>
  `${paths.map}?building=${encodeURIComponent(buildingId)}`;

/** Query string of the Property Details page: /Property-Details?id&name&price&lat&lng. */
export function propertyDetailsUrl(p: {
  id: string;
  name: string;
  price: number;
  lat: number;
  lng: number;
}): string {
  const query = Object.entries({ id: p.id, name: p.name, price: p.price, lat: p.lat, lng: p.lng })
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join("&");
  return `${paths.propertyDetails}?${query}`;
}
