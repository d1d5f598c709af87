/**
 * Every error text the product fixes (with the fallback shown for each call), plus the screen texts it fixes word
 * for word (docs/decisions/0003-texts-fixed-word-for-word.md).
 * Screens and the server import these; nothing else spells them.
 */
import { MAX_WAITING_PAYMENTS, WAITING_PAYMENT_MINUTES } from "./constants";

export const errors = {
  // Auth and account
  loginFailed: "Login failed",
  otpCreationFailed: "OTP creation failed",
  otpVerificationFailed: "OTP verification failed",
  registrationFailed: "Registration failed",
  fetchProfileFailed: "Failed to fetch profile",
  passwordResetFailed: "Password reset failed",
  updateProfileFailed: "Failed to update profile",
  deleteUserFailed: "Failed to delete user",
  // Cards
  loadPaymentMethodsFailed: "Failed to load payment methods",
  deletePaymentMethodFailed: "Failed to delete payment method",
  unableToDeleteCard: "Unable to delete card",
  setDefaultPaymentMethodFailed: "Failed to set default payment method",
  couldNotSetDefault: "Could not set default",
  addCardFailed: "Failed to add card",
  loadPayoutCardsFailed: "Failed to load payout cards",
  deletePayoutAccountFailed: "Failed to delete payout account",
  // Properties and bids
  buyPropertyFailed: "Failed to buy property",
  purchaseFailedShort: "Purchase failed",
  loadPriceHistoryFailed: "Failed to load price history",
  fetchPropertiesFailed: "Failed to fetch properties",
  createPropertyFailed: "Failed to create property",
  fetchPropertyDetailsFailed: "Failed to fetch property details",
  fetchBuildingDetailsFailed: "Failed to fetch building details",
  fetchLeaderboardFailed: "Failed to fetch leaderboard",
  fetchBidsFailed: "Failed to fetch bids",
  submitBidFailed: "Failed to submit bid",
  acceptBidFailed: "Failed to accept bid",
  rejectBidFailed: "Failed to reject bid",
  cancelBidFailed: "Failed to cancel bid",
  // Payouts and onboarding
  checkOnboardingFailed: "Failed to check onboarding",
  startOnboardingFailed: "Failed to start onboarding",
  getOnboardingLinkFailed: "Failed to get onboarding link",
  addPayoutMethodFailed: "Failed to add payout method (v1)",
  loadPayoutDetailsFailed: "Failed to load payout details",
  loadBalanceFailed: "Failed to load balance",
  updatePayoutOptionFailed: "Failed to update payout option",
  manualPayoutFailed: "Failed to process manual payout",
  intentNetworkError: "Network error fetching intent",
  payoutFailed: "Payout failed",
  instantPayoutFailed: "Instant payout failed",
  // Other
  noAuthToken: "No auth token found",
  missingAuthOrUserId: "Missing auth or userId",
  noLocationHeader: "No Location header on redirect",
  noPropertyDetails: "No property details returned",
  // Validation shown by screens
  acceptTerms: "Please accept Privacy Policy & Terms.",
  validPrice: "Please enter a valid price",
  missingPropertyId: "Missing property ID",
  addCardFirst: "Please add a card first.",
  tooManyWaitingPayments: `You already have ${MAX_WAITING_PAYMENTS} payments waiting for your approval (PayPal or your bank). Finish or cancel one, or wait until it lapses after ${WAITING_PAYMENT_MINUTES} minutes, then try again.`,
  stripeNotLoaded: "Stripe.js not loaded yet.",
  cardNumberFieldMissing: "Card number field not found.",
  createCardTokenFailed: "Failed to create card token",
  createTokenFailed: "Failed to create token",
  noDefaultPayoutCard: "No default card found. Please add and set a card as default.",
  stripeNotConnected: "Stripe account not connected.",
  insufficientInstantBalance: "Insufficient balance for instant payout.",
  // Recovery
  sendOtpFailed: "Failed to send OTP. Please try again.",
  verifyOtpFailed: "OTP verification failed. Please try again.",
  resetFailed: "Failed to reset password. Please try again.",
  otpLength: "Please enter a 4-digit OTP.",
  missingResetToken: "Missing email or OTP token. Please go through the forgot password flow again.",
  passwordsDoNotMatch: "Passwords do not match.",
  passwordTooShort: "Password must be at least 6 characters long.",
  // Shop
  productNotFound: "Product not found",
} as const;

/** "45 seconds", "1 minute", "15 minutes", "2 hours": a wait, rounded up to its largest unit. */
function waitText(seconds: number): string {
  const [n, unit] =
    seconds < 60
      ? [Math.max(1, Math.ceil(seconds)), "second"]
      : seconds < 3600
        ? [Math.ceil(seconds / 60), "minute"]
        : [Math.ceil(seconds / 3600), "hour"];
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

/** Texts with a value in them. */
export const formats = {
  unexpectedStatus: (n: number) => `Unexpected status code: ${n}`,
  http: (status: number) => `HTTP ${status}`,
  apiError: (status: number) => `Error: API error: ${status}`,
  listError: (message: string) => `Error: ${message}`,
  deleteFailed: (message: string) => `Delete failed: ${message}`,
  rejectFailed: (e: string) => `Reject failed: ${e}`,
  acceptFailed: (e: string) => `Accept failed: ${e}`,
  cancelFailed: (e: string) => `Cancel failed: ${e}`,
  purchaseFailed: (e: string) => `Purchase failed: ${e}`,
  placeAskFailed: (e: string) => `Failed to place ask: ${e}`,
  payoutFailed: (e: string) => `Payout failed: ${e}`,
  instantPayoutFailed: (e: string) => `Instant payout failed: ${e}`,
  bidTooLow: (price: string) => `Your bid must be higher than the base price of ${price}`,
  tooManyPasswordAttempts: (seconds: number) =>
    `Too many incorrect passwords. Please try again in ${waitText(seconds)}.`,
  recoveryLocked: (hours: number) =>
    `Too many recovery codes or wrong guesses for this email today. Please try again in ${waitText(hours * 3600)}.`,
  payoutHeld: (until: string) =>
    `For your security, payouts are paused until ${until} after a password reset or a new payout card.`,
  resetInstructions: (email: string) =>
    `If an account exists with ${email}, you will receive password reset instructions.`,
  // Shop return page: a note naming the confirmation e-mail's address, and a support contact
  confirmationEmailNote: (email: string) =>
    `We appreciate your business! A confirmation email will be sent to ${email}.`,
  supportContact: (email: string) => `If you have any questions, please email ${email}.`,
} as const;

/** Screen texts the product fixes word for word. */
export const texts = {
  loading: "Loading…",
  error: "Error",
  // Login and sign-up
  welcomeBack: "Welcome Back",
  createAccount: "Create Account",
  forgotPasswordLink: "Forgot Password?",
  signUp: "Sign Up",
  signIn: "Sign In",
  login: "Login",
  signingIn: "Signing in...",
  fullName: "Full Name",
  userName: "Username",
  email: "Email",
  password: "Password",
  confirmPassword: "Confirm Password",
  privacyAndTerms: "Privacy Policy & Terms",
  verifyYourEmail: "Verify Your Email",
  codeSent: "We've sent a verification code to your email",
  verify: "Verify",
  didntReceive: "Didn't receive the code?",
  resend: "Resend",
  // Menu
  home: "Home",
  shop: "Shop",
  // Profile
  myPropertyList: "My Property List",
  paymentMethods: "Payment Methods",
  withdrawalMethods: "Withdrawal Methods",
  withdrawal: "Withdrawal",
  myBids: "My Bids",
  accountSettings: "Account Settings",
  legalTerms: "Legal Terms",
  logout: "Logout",
  // Account settings
  ownedPropertiesColor: "Owned Properties Color",
  updateProfile: "Update Profile",
  updating: "Updating…",
  deleteAccount: "Delete Account",
  confirmDeletion: "Confirm Deletion",
  confirmDeletionText: "Are you sure you want to delete your account? This cannot be undone.",
  cancel: "Cancel",
  yesDelete: "Yes, delete",
  deleting: "Deleting…",
  // Recovery
  forgotPassword: "Forgot Password",
  submit: "Submit",
  sending: "Sending...",
  verifyOtp: "Verify OTP",
  verifying: "Verifying...",
  checkYourEmail: "Check Your Email",
  backToLogin: "Back to Login",
  newPassword: "New Password",
  resetPassword: "Reset Password",
  resetting: "Resetting...",
  resetSuccessful: "Password Reset Successful",
  resetSuccessfulText: "Your password has been reset. You can now log in with your new password.",
  // Property and lists
  noName: "No Name",
  /** A trade's buyer or seller whose account is gone. */
  deletedPlayer: "Former player",
  noProperties: "No properties found",
  noEntries: "No entries yet",
  noBids: "No bids yet",
  noData: "No data found",
  noCardAdded: "No Card Added yet",
  noPayoutCards: "No cards added yet",
  noCardOnFile: "No card on file",
  createBid: "Create a bid",
  sellOrAsk: "Sell or Ask",
  buyOrBid: "Buy or Bid",
  buildingPrice: "Building Price",
  buildingPricePrompt: "Please enter the price you want to pay for this building",
  bidPrice: "Bid price",
  // Bid review and My Bids
  bidPriceInput: "Bid Price",
  sellTab: "Sell",
  buyTab: "Buy",
  buildingName: "Building Name",
  save: "Save",
  setAsDefault: "Set as Default",
  setting: "Setting…",
  addCard: "Add Card",
  continueToPay: "Continue to Pay",
  confirmPurchase: "Confirm Purchase",
  cancelSale: "Cancel Sale",
  confirmAsk: "Confirm Ask",
  confirmSell: "Confirm Sell",
  checkingOnboarding: "Checking your Stripe onboarding status…",
  // Shop
  addToCart: "Add to Cart",
  buyNow: "Buy Now",
  otherProducts: "Other Products",
  shippingHandling: "+ Shipping/Handling",
  taxes: "+ Taxes",
  checkout: "Checkout",
  checkoutNote: "Shipping, taxes, and discounts calculated at checkout.",
  payNow: "Pay Now",
  emptyCart: "Your cart is empty. Add an item using 'Add to Cart' or 'Buy Now'.",
  thankYou: "Thank you for your purchase!",
  continueShopping: "Continue Shopping",
  returnToPrivacyNotice: "Return to Privacy Notice",
  // Withdrawals
  manual: "Manual",
  instant: "Instant",
  // Legal pages and the legal list
  privacyNotice: "Privacy Notice",
  termsOfServices: "Terms of Services",
  endUserLicenseAgreement: "End User License Agreement",
  disclaimer: "Disclaimer",
  privacyPolicy: "Privacy Policy",
  termsAndConditions: "Terms & Conditions",
} as const;

/** Messages the server sends (the UI shows `message`). */
export const serverMessages = {
  /** Why an owner cannot develop a building they have put up for sale; Property Details shows it beforehand. */
  developWhileForSale: "This building is for sale: cancel the sale before developing it.",
  /** Why no second development starts while one is being built; Property Details shows it beforehand. */
  developWhileConstructing: "This building is under construction: one development is built at a time.",
  otpSent: "A verification code has been sent to your email.",
  otpVerified: "Your email has been verified.",
  otpInvalid: "The code is incorrect. Please check it and try again.",
  otpExpired: "This code has expired. Please request a new one.",
  otpTooManyAttempts: "Too many incorrect attempts. Please request a new code.",
  otpResendWait: (seconds: number) => `Please wait ${seconds} seconds before requesting another code.`,
  otpTokenInvalid: "Your verification has expired or was already used. Please verify your email again.",
  emailTaken: "An account with this email already exists.",
  userNameTaken: "This username is already taken.",
  accountCreated: "Your account has been created.",
  loginSuccess: "Signed in successfully.",
  invalidCredentials: "Invalid email or password.",
  profileFetched: "Profile fetched.",
  profileUpdated: "Your profile has been updated.",
  accountDeleted: "Your account has been deleted.",
  loggedOut: "You have been signed out.",
  tokenRefreshed: "Your session has been renewed.",
  passwordChanged: "Your password has been changed.",
  currentPasswordWrong: "Your current password is incorrect.",
  passwordReset: "Your password has been reset. You can now log in with your new password.",
  unauthorized: "Please sign in to continue.",
  sessionExpired: "Your session has expired. Please sign in again.",
  forbidden: "You can only do this with your own account.",
  notFound: "Not found.",
  /** A public profile asked for by a name no player has (or had before deleting their account). */
  playerNotFound: "No player by that name.",
  tooManyRequests: "Too many requests. Please slow down and try again shortly.",
  malformedJson: "The request body is not valid JSON.",
  internal: "Something went wrong on our side. Please try again.",
  // Payouts
  payoutCompleted: "Payout successfully completed",
  payoutRequested: "Payout requested: your balance is on its way to your bank.",
  /** A standard payout to a named destination ("VISA •••• 5556"). */
  payoutRequestedTo: (destination: string) =>
    `Payout requested: your balance is on its way to ${destination}.`,
  nothingToPayOut: "Your balance is $0.00: there is nothing to pay out.",
  payoutCardAdded: "Payout card added.",
  payoutCardRemoved: "Payout card removed.",
  payoutCardDefault: "Default payout card set.",
  payoutCardNotDebit:
    "Payouts can only go to a debit card. This card is a credit or prepaid card: add a debit card instead.",
  noSuchPayoutCard: "No such payout card.",
  instantPayoutTooSmall: "amount: must be more than the $1.00 instant payout fee",
  payoutPending: "The payout could not be confirmed yet; it will be retried and your balance is safe.",
  payoutTypeSet: (type: string) => `Payouts are now ${type}.`,
  /** An instant payout asked for a card whose `available_payout_methods` lack `instant`. */
  instantPayoutUnavailable: (card: string) =>
    `Instant payouts can't go to ${card}: its bank takes standard payouts only. Make another debit card the default for instant payouts, or make a standard payout.`,
  // Fresh proof for money-moving changes
  proofRequired:
    "For your security, please confirm your current password to make this change (or sign out and sign in again).",
  proofOtpForOtherEmail: "This code was sent to another email address.",
  pushSubscriptionTaken: "This push subscription belongs to another account.",
  pushEndpointNotAllowed: "endpoint: must be the https:// address of a known push service",
  userNameAvailable: "This username is available.",
} as const;

/** Stripe's names for what it may still need from a player (its requirement fields), in the player's words. */
const PAYOUT_REQUIREMENTS: [prefix: string, label: string][] = [
  ["individual.verification.additional_document", "a document proving your address"],
  ["individual.verification.document", "a photo ID"],
  ["individual.id_number", "your Social Security number"],
  ["individual.ssn_last_4", "the last 4 digits of your Social Security number"],
  ["individual.dob", "your date of birth"],
  ["individual.address", "your home address"],
  ["individual.first_name", "your legal name"],
  ["individual.last_name", "your legal name"],
  ["individual.email", "your e-mail address"],
  ["individual.phone", "your phone number"],
  ["business_profile", "what you use payouts for"],
  ["external_account", "a bank account or debit card for payouts"],
  ["tos_acceptance", "your acceptance of Stripe's terms"],
];

/** The player's words for one of Stripe's requirement fields ("individual.dob.day" → "your date of birth"). */
function payoutRequirementLabel(field: string): string {
  const match = PAYOUT_REQUIREMENTS.find(([prefix]) => field === prefix || field.startsWith(`${prefix}.`));
  return match ? match[1] : "more details about you";
}

/** The player's words for everything Stripe still needs, each once, in Stripe's order. */
export const payoutRequirementLabels = (fields: readonly string[]): string[] => [
  ...new Set(fields.map(payoutRequirementLabel)),
];

/** "a, b and c". */
const listOf = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? "more details") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

/** What the Withdrawal screens and the server say about the player's payout account. */
export const payoutAccountTexts = {
  /** An account made before payout accounts were managed by the platform: Stripe will not take its payout cards. */
  reconnect:
    "Payouts now go through a new payout account. Please connect again: it takes a minute, and your earnings are safe on your balance until you withdraw them.",
  reconnectTitle: "Connect your payout account again",
  actionRequiredTitle: "Stripe needs more details",
  /** Requirements due, payouts still going out for now. */
  actionRequired: (needs: readonly string[]) =>
    `To keep payouts going, Stripe needs ${listOf(needs)}. Please add ${needs.length > 1 ? "them" : "it"} before Stripe pauses your payouts.`,
  /** Requirements past due: Stripe holds the account's payouts. */
  payoutsPaused: (needs: readonly string[]) =>
    `Payouts are paused until Stripe has ${listOf(needs)}. Please add ${needs.length > 1 ? "them" : "it"} to withdraw your balance.`,
  payoutsPausedTitle: "Payouts are paused",
  continueOnboarding: "Continue with Stripe",
  connectAgain: "Connect again",
  opening: "Opening Stripe…",
  instantBadge: "Instant",
  standardOnlyBadge: "Standard only",
} as const;

/** The dialog that asks for the current password before a money-moving change. */
export const proofTexts = {
  title: "Confirm it's you",
  passwordLabel: "Current password",
  confirm: "Confirm",
  cancel: "Cancel",
} as const;

/** E-mails that tell the player about a change to their account. */
export const accountMails = {
  payoutHold: {
    subject: "Payouts paused for 24 hours",
    title: "Payouts paused for 24 hours",
    passwordReset:
      "Your password was just reset. For your security, payouts from your account are paused for 24 hours.",
    newPayoutCard: (card: string) =>
      `A new payout card (${card}) was added to your account. For your security, payouts are paused for 24 hours.`,
    ifNotYou: "If this was not you, reset your password now and write to support.",
  },
  emailChanged: {
    subject: "Your email address was changed",
    title: "Your email address was changed",
    body: (to: string) => `The email address of your account was changed to ${to}.`,
  },
  recoveryLocked: {
    subject: "Password recovery locked for today",
    title: "Password recovery locked for today",
    body: "Too many recovery codes were asked for, or too many wrong codes entered, for your account today. Recovery is paused until tomorrow; signing in with your password still works.",
  },
  emailChangeToTaken: {
    subject: "Someone tried to use your email address",
    title: "Someone tried to use your email address",
    body: "Someone tried to change the email address of another account to this one, which already has an account. Nothing was changed, and your account is as it was.",
    ignore: "If this was you, sign in to this account instead. Otherwise you can ignore this email.",
  },
  alreadyRegistered: {
    subject: "You already have an account",
    title: "You already have an account",
    body: "Someone (perhaps you) tried to sign up with this email address, which already has an account. Sign in with your password, or use 'Forgot password' to reset it.",
    ignore: "If this was not you, you can ignore this email.",
  },
} as const;

/** The watchlist page and the Watch toggle of Property Details. */
export const watchlistTexts = {
  title: "Watchlist",
  lead: "The buildings you follow: what they cost, what they are asked and bid, and how they last traded.",
  backToProfile: "Back to Profile",
  watch: "Watch",
  watching: "Watching",
  /** The toggle's accessible name: the building it follows. */
  watchName: (name: string) => `Watch ${name}`,
  unwatch: "Unwatch",
  unwatchName: (name: string) => `Unwatch ${name}`,
  empty: "You watch no buildings yet. Star a building on its details to follow it here.",
  loadFailed: "Your watchlist could not be loaded.",
  watchFailed: "The building could not be watched. Please try again.",
  unwatchFailed: "The building could not be unwatched. Please try again.",
  price: "Price",
  ask: "Ask",
  bestBid: "Best bid",
  lastTrade: "Last trade",
  notForSale: "Not for sale",
  noBids: "No bids",
  neverTraded: "Never traded",
  ownedBy: "Owned by",
  unowned: "Unowned",
} as const;

/** Account Settings' Alerts section (each alert's label is in schemas/alerts.ts, beside its kind). */
export const alertTexts = {
  title: "Alerts",
  lead: "Tell me in the bell and by push notification when:",
  save: "Save alerts",
  saving: "Saving…",
  saved: "Your alert settings are saved.",
  loadFailed: "Your alert settings could not be loaded.",
  saveFailed: "Your alert settings could not be saved. Please try again.",
} as const;

/** The collections: sets of buildings a player completes by owning them all. */
export const collectionTexts = {
  title: "Collections",
  lead: "Sets of buildings to complete: own every building of one and it is yours to hold, until you sell one.",
  backToProfile: "Back to Profile",
  backToCollections: "All collections",
  filterLabel: "Show",
  all: "All",
  kinds: {
    block: "Blocks",
    skyline: "Skylines",
    era: "Eras",
    giants: "Giants",
    landmarks: "Landmarks",
  },
  difficulty: (n: number) => `Difficulty ${n} of 5`,
  members: (n: number) => `${n} ${n === 1 ? "building" : "buildings"}`,
  progress: (owned: number, total: number) => `${owned} of ${total}`,
  progressLabel: (owned: number, total: number) => `You own ${owned} of its ${total} buildings`,
  heldBy: (name: string) => `Held by ${name}`,
  unheld: "Nobody holds it",
  youHold: "You hold this collection",
  owner: (name: string) => `Owned by ${name}`,
  unowned: "Unowned",
  forSale: "For sale",
  value: "Value",
  membersTitle: "Its buildings",
  collectorsTitle: "Collectors",
  collectorsLead: "Players by collections held, then by the value of the buildings in them.",
  noCollectors: "Nobody holds a collection yet.",
  held: (n: number) => `${n} held`,
  empty: "No collections of this kind.",
  loadFailed: "The collections could not be loaded.",
  oneFailed: "This collection could not be loaded.",
  count: (n: number) => `${n} ${n === 1 ? "collection" : "collections"}`,
} as const;

/** The market, the portfolio and the market panel of Property Details. */
export const marketTexts = {
  market: "Market",
  marketTitle: "Market",
  marketLead: "Every building for sale, its bids and what buildings trade for.",
  /** The column of the Watch stars. */
  watch: "Watch",
  portfolio: "Portfolio",
  portfolioTitle: "Portfolio",
  backToProfile: "Back to profile",
  map: "Map",
  filters: "Filters",
  /** The phone's one control for the filters, with how many are set. */
  filtersToggle: (set: number) => (set === 0 ? "Filters" : `Filters (${set})`),
  neighborhood: "Neighbourhood",
  wholeIsland: "All of Manhattan",
  minPrice: "Ask from ($)",
  maxPrice: "Ask up to ($)",
  minFloors: "Floors at least",
  minYear: "Built from",
  maxYear: "Built up to",
  text: "Name or address",
  textPlaceholder: "e.g. Chrysler, 5th Ave",
  sort: "Sort by",
  sorts: {
    price: "Ask: lowest first",
    "-price": "Ask: highest first",
    "-listedAt": "Newest listing",
    "-bidCount": "Most bids",
    discount: "Furthest below last sale",
  },
  clearFilters: "Clear filters",
  forSaleCount: (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "building" : "buildings"} for sale`,
  noListings: "No building for sale matches these filters.",
  noListingsAtAll: "No building is for sale right now.",
  loadListingsFailed: "Could not load the market.",
  building: "Building",
  ask: "Ask",
  bestBid: "Best bid",
  bids: "Bids",
  lastSale: "Last sale",
  floors: "Floors",
  height: "Height",
  yearBuilt: "Built",
  listedSince: "Listed",
  showOnMap: "Show on map",
  showOnMapOf: (name: string) => `Show ${name} on the map`,
  openDetails: (name: string) => `Open ${name}`,
  noBids: "None",
  never: "Never",
  pagesLabel: "Market pages",
  tickerTitle: "Latest trades",
  tickerEmpty: "No trades yet.",
  firstSale: "first sale",
  resale: "resale",
  /** Who sold a first sale, in the ticker's "seller → buyer". */
  tradeFromGame: "game",
  metres: (m: number) => `${Math.round(m)} m`,
  // Property Details' panel
  panelTitle: "Market",
  panelAsk: "Ask",
  panelNotForSale: "Not for sale",
  panelBestBid: "Best bid",
  panelBidCount: "Bids",
  panelBidAmounts: "Bid amounts",
  /** The owner's own building: each pending bid, with Accept and Decline. */
  panelPendingBids: "Bids waiting for your answer",
  panelNoBids: "No bids yet.",
  panelLastTrades: "Last trades",
  panelNoTrades: "Never traded.",
  pricePerArea: "Price per 1,000 sq ft",
  neighborhoodMedian: (name: string) => `${name} median, 90 days`,
  noMedian: "No trades in 90 days",
  /** Dollars per 1,000 square feet, to the cent: a tower sells for a fraction of a cent a square foot. */
  perArea: (dollars: number) =>
    `$${dollars.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} per 1,000 sq ft`,
  vsMedian: (pct: number) =>
    pct === 0 ? "at the median" : `${Math.abs(pct)}% ${pct > 0 ? "above" : "below"} the median`,
  loadPanelFailed: "Could not load the market for this building.",
  // Leaderboard's index chart
  indexTitle: (name: string) => `${name}: trades and median price per 1,000 sq ft, 90 days`,
  indexTrades: "Trades",
  indexMedian: "Median $ per 1,000 sq ft",
  indexEmpty: "No trades here in the last 90 days.",
  indexDate: "Date",
  loadIndexFailed: "Could not load the neighbourhood's index.",
  // Portfolio
  holdings: "Holdings",
  noHoldings: "You don't own any buildings yet. Find one on the market.",
  paid: "Paid in all",
  price: "Bought for",
  costToBuy: "Cost to buy",
  invested: "Invested",
  worth: "Worth",
  costLine: (price: string, fee: string, tax: string) => `${price} + ${fee} fee + ${tax} tax`,
  creditsLine: (credits: string) => `${credits} of it in credits`,
  developmentLine: (name: string, level: number) => `${name} (level ${level})`,
  underConstruction: (until: string) => `under construction until ${until}`,
  noPurchase: "Not bought: no cost recorded",
  netAtAsk: "Net at ask",
  netAtBestBid: "Net at best bid",
  unrealised: "Unrealised",
  realised: "Realised sales",
  noRealised: "You haven't sold a building yet.",
  proceeds: "Proceeds",
  cost: "Cost",
  gain: "Gain",
  soldOn: "Sold",
  totals: "Totals",
  totalPaid: "Paid for holdings",
  totalInvested: "Invested in developments",
  totalValue: "Worth (values, not asks)",
  totalCardPaid: "Paid by card for buildings",
  totalUnrealised: "Unrealised",
  totalRealised: "Realised",
  totalFees: "Fees paid",
  totalTax: "Sales tax paid",
  totalCredits: "Credits spent",
  statements: "Statements",
  statementFor: (year: number) => `${year} statement (CSV)`,
  statementsLead:
    "Each year's statement adds up to its line here. Amounts paid are negative, received positive.",
  year: "Year",
  card: "Card",
  credits: "Credits",
  fees: "Fees",
  tax: "Tax",
  earnings: "Earnings",
  download: "Download",
  noStatements: "No money has moved yet: statements appear after your first purchase or bid.",
  downloadFailed: "Could not download the statement.",
  loadPortfolioFailed: "Could not load your portfolio.",
} as const;

/** A building frozen while a payment for it is disputed, and a restricted account, as players read them. */
export const disputeTexts = {
  /** The refusal of listing, selling, developing or renaming a frozen building. */
  buildingFrozen: "This building is frozen while a payment for it is disputed.",
  /** Why, as its owner reads it on Property Details. */
  frozenReason:
    "A payment for this building is disputed: it can't be listed, sold, developed or renamed until the dispute is decided.",
  frozenBadge: "Frozen",
  frozenTitle: "Frozen while a payment is disputed",
  restrictedTitle: "Your account is restricted",
  restrictedLead: (what: string) =>
    `You can't pay by card or PayPal or withdraw until support has reviewed your account. Reason: ${what}`,
  restrictedSince: (when: string) => `Restricted since ${when}.`,
  contactSupport: "To ask for a review, write to",
} as const;
