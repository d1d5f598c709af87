/** Business constants and limits. Money is in integer cents unless the name says otherwise. */

export const CURRENCY = "usd";

/** Buy and bid pay price + processing fee + sales tax. */
export const BUY_PROCESSING_FEE_CENTS = 600;
export const SALES_TAX_CENTS = 299;
/** What a buy, a bid or a development pays on top of its price: the processing fee and the sales tax together. */
export const FEE_AND_TAX_CENTS = BUY_PROCESSING_FEE_CENTS + SALES_TAX_CENTS;
/** An ask pays this processing fee out of the sale. */
export const ASK_PROCESSING_FEE_CENTS = 500;
/** Deducted from the balance on an instant payout. */
export const INSTANT_PAYOUT_FEE_CENTS = 100;
/**
 * Kept from the balance refunded to the default card when an account is deleted ("minus processing fees"): what
 * sending money to a card costs, the same as an instant payout.
 * @alias
 */
export const DELETION_REFUND_FEE_CENTS = INSTANT_PAYOUT_FEE_CENTS;

/** The most one card payment can be, as Stripe allows it in dollars: $999,999.99. */
export const MAX_CHARGE_CENTS = 99_999_999;
/**
 * The highest price a purchase, an ask or a bid may name, in whole dollars: with the processing fee and sales tax
 * on top, the card payment stays within MAX_CHARGE_CENTS.
 */
export const MAX_PRICE_DOLLARS = Math.floor((MAX_CHARGE_CENTS - FEE_AND_TAX_CENTS) / 100);

export const BASE_PRICE_MIN_CENTS = 500;
export const BASE_PRICE_MAX_CENTS = 500_000;

export const PAGE_SIZE = {
  bidsDefault: 20,
  myBids: 50,
  myProperties: 25,
  leaderboard: 25,
  max: 100,
} as const;
export const DEFAULT_LEADERBOARD_SORT = "-numberOfProperties";

/** The market page and its API. */
export const MARKET = {
  pageSize: 25,
  defaultSort: "-listedAt",
  tradesPageSize: 20,
  /** The ticker's length. */
  tickerSize: 20,
  /** Trades Property Details shows. */
  buildingTrades: 5,
  indexDays: 90,
  indexMaxDays: 365,
} as const;

/** The most buildings one player watches at once. */
export const WATCHLIST_MAX = 200;

export const OTP_LENGTH = 4;
export const OTP_TYPES = ["UR", "UFP"] as const;
export type OtpType = (typeof OTP_TYPES)[number];
/** A code is valid this long. */
export const OTP_TTL_SECONDS = 10 * 60;
/** Wrong guesses a code survives; the next guess is refused and the code is spent. */
export const OTP_MAX_ATTEMPTS = 5;
/** A new code for the same address and purpose can be asked for after this long. */
export const OTP_RESEND_SECONDS = 30;
/** The token a verified code yields is good for this long, once. */
export const OTP_TOKEN_TTL_SECONDS = 30 * 60;

/** Recovery codes one address may be sent per day, and wrong guesses it may make across all of them. */
export const RECOVERY_CODES_PER_DAY = 10;
export const RECOVERY_WRONG_GUESSES_PER_DAY = 15;

/**
 * Password attempts (sign-in, change-password) one source may make for one account within the window before that
 * pair is locked out; each lock-out lasts twice the one before, from the base up to the maximum.
 */
export const PASSWORD_ATTEMPTS_BEFORE_LOCK = 10;
export const PASSWORD_ATTEMPT_WINDOW_SECONDS = 15 * 60;
export const PASSWORD_LOCK_BASE_SECONDS = 5 * 60;
export const PASSWORD_LOCK_MAX_SECONDS = 24 * 60 * 60;

/** A sign-in (or a password or e-mail code given since) counts as fresh proof for money-moving changes this long. */
export const FRESH_PROOF_SECONDS = 10 * 60;
/** Payouts wait this long after a password reset or a new payout card. */
export const PAYOUT_HOLD_HOURS = 24;
/**
 * A seller's proceeds from a buyer's card or PayPal payment become withdrawable this many hours after that payment
 * (EARNINGS_CLEAR_HOURS; at least `EARNINGS_CLEAR_MIN_PRODUCTION_HOURS` in production), so a payment disputed soon
 * after it is made takes back money the seller still holds.
 */
export const EARNINGS_CLEAR_HOURS = 72;
export const EARNINGS_CLEAR_MIN_PRODUCTION_HOURS = 24;

/**
 * The push services browsers subscribe with (Chrome, Edge and Opera: FCM; Firefox: Mozilla; Safari: Apple; Windows:
 * WNS): the only hosts Web Push subscriptions may name unless PUSH_SERVICE_HOSTS says otherwise.
 */
export const KNOWN_PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "updates.push.services.mozilla.com",
  "*.push.services.mozilla.com",
  "web.push.apple.com",
  "*.push.apple.com",
  "*.notify.windows.com",
] as const;

export const SESSION_TTL_DAYS = 30;

export const LIMITS = {
  emailMax: 254,
  fullNameMax: 80,
  userNameMin: 3,
  userNameMax: 30,
  passwordMin: 6,
  passwordMax: 128,
  tokenMax: 200,
  deviceTokenMax: 200,
  buildingNameMax: 60,
} as const;

/** Letters, digits, dot, underscore and hyphen. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;
export const HEX_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const DEFAULT_BUILDING_COLOR = "#ffffff";

export const GO_TO_TOP_THRESHOLD_PX = 50;
export const RETURN_REDIRECT_DELAY_MS = 5000;
export const MIN_CART_QUANTITY = 1;
/** The most of one product a checkout line may hold; the server refuses more. */
export const MAX_CART_QUANTITY = 99;
export const BID_INPUT_STEP = 0.01;
export const PENDING_BID_TTL_DAYS = 7;
/** A bid held by PayPal expires within PayPal's 3-day honour period of its authorization (an hour to spare). */
export const PAYPAL_BID_TTL_HOURS = 71;
/** The payment method that stands for PayPal where a card's id would go. */
export const PAYPAL_METHOD_ID = "paypal";
/**
 * Payments waiting for the player (PayPal's approval, the bank's check) that one player may have at once, purchases
 * and bids together, and how long each is held for them: counted from when it began, never renewed by asking again.
 */
export const MAX_WAITING_PAYMENTS = 3;
export const WAITING_PAYMENT_MINUTES = 10;

/** Offer-wall postbacks are kept this long (for the operator), then deleted by a daily job. */
export const OFFER_POSTBACK_KEEP_DAYS = 90;
/** A signed postback timestamp may differ from the server's clock by at most this much. */
export const OFFER_POSTBACK_WINDOW_MINUTES = 15;

export const LEGAL_LAST_UPDATED = "March 07, 2025";
export const CLAIMS_WINDOW = "1 year";
export const DEFECT_REPORT_WINDOW = "3 days";
export const ACCEPTED_PAYMENTS = ["Visa", "Mastercard", "American Express", "Discover", "PayPal"] as const;

export const BRAND_NAME = "Manhattan Exchange";
/**
 * Where the support address goes in fixed text (legal pages, e-mails): the operator's `SUPPORT_EMAIL` fills it in,
 * on the server as mail is sent and in the web app from GET /api/v1/config. No address is built into the code.
 */
export const SUPPORT_EMAIL_SLOT = "{support-email}";

/** `text` with the support address in place of every SUPPORT_EMAIL_SLOT. */
export const withSupportEmail = (text: string, address: string) =>
  text.split(SUPPORT_EMAIL_SLOT).join(address);
/** The company that operates the game, as the legal pages name it. */
export const COMPANY_NAME = "Manhattan Exchange, Inc.";
/** Credits for the map data (data/README.md): shown on the map and in the legal text. */
export const DATA_CREDITS = [
  "Building footprints and streets: © OpenStreetMap contributors, Open Database License (ODbL) 1.0.",
  "Tax-lot values, addresses and borough boundary: NYC Department of City Planning (PLUTO) and NYC Open Data, under the NYC Open Data Terms of Use.",
  "Neighbourhoods: NYC Department of City Planning, 2020 Neighborhood Tabulation Areas, NYC Open Data.",
  "Whole-island footprints: NYC 3-D Building Model, NYC Department of Information Technology and Telecommunications (DoITT), 2014, under the NYC Open Data Terms of Use.",
  "The island database built from these sources and shipped with the game (data/manhattan-island.json.gz) is offered under the Open Database License (ODbL) 1.0; its NYC Open Data parts remain under the NYC Open Data Terms of Use.",
] as const;

/** The developments of a building, in the order they are built (level 1 first). */
export const DEVELOPMENT_KINDS = ["facade", "garden", "crown", "floors"] as const;
export type DevelopmentKind = (typeof DEVELOPMENT_KINDS)[number];
/** The highest level a building can reach. */
export const MAX_DEVELOPMENT_LEVEL = DEVELOPMENT_KINDS.length;
/**
 * Each development: its level, what it costs (a share of the building's price when it is started, in percent, and
 * never less than `minCents`), how long it takes to build, and what it is called.
 */
export const DEVELOPMENTS: Record<
  DevelopmentKind,
  { level: number; percent: number; minCents: number; hours: number; name: string; description: string }
> = {
  facade: {
    level: 1,
    percent: 10,
    minCents: 500,
    hours: 1,
    name: "Facade renovation",
    description: "The walls take a lighter tint of the owner's colour.",
  },
  garden: {
    level: 2,
    percent: 15,
    minCents: 0,
    hours: 6,
    name: "Rooftop garden",
    description: "A green roof, 3 m deep, on top of the building.",
  },
  crown: {
    level: 3,
    percent: 20,
    minCents: 0,
    hours: 12,
    name: "Crown lighting",
    description: "The top tenth of the building glows in the owner's colour.",
  },
  floors: {
    level: 4,
    percent: 25,
    minCents: 0,
    hours: 24,
    name: "Added floors",
    description: "The building stands 15 % taller (at least 6 m).",
  },
};

/** What a development costs on a building of this price (cents): its share, rounded to the cent, at least its minimum. */
export function developmentCostCents(kind: DevelopmentKind, priceCents: number): number {
  const d = DEVELOPMENTS[kind];
  return Math.max(d.minCents, Math.round((priceCents * d.percent) / 100), 1);
}
