/**
 * Where the shop ships and what shipping and sales tax cost. The cap and stickers go to US addresses only. The
 * shipping rates are offered at checkout by the payment processor (Stripe Checkout's `shipping_options`, or the
 * sandbox's payment form); sales tax is computed there too: by Stripe Tax from the shipping address, or, in the
 * sandbox, from the statewide rates below. PayPal computes no tax: a PayPal checkout is priced by our server, with
 * the same rates and statewide rule.
 */
import { formatCents } from "./money";

export const SHIPPING_COUNTRIES = ["US"] as const;

export type ShippingRate = {
  /** Our id of the rate, carried in the processor's rate metadata so the order knows which one was chosen. */
  id: string;
  name: string;
  amountCents: number;
  /** Delivery estimate in business days. */
  minDays: number;
  maxDays: number;
};

export const SHIPPING_RATES: readonly ShippingRate[] = [
  { id: "standard", name: "Standard shipping", amountCents: 500, minDays: 5, maxDays: 7 },
  { id: "express", name: "Express shipping", amountCents: 1500, minDays: 1, maxDays: 2 },
];

export const findShippingRate = (id: string) => SHIPPING_RATES.find((rate) => rate.id === id);

export const deliveryEstimate = (rate: Pick<ShippingRate, "minDays" | "maxDays">) =>
  `${rate.minDays}–${rate.maxDays} business days`;

/** The 50 states and the District of Columbia, as US postal codes. */
export const US_STATES: readonly { code: string; name: string }[] = [
  { code: "AL", name: "Alabama" },
  { code: "AK", name: "Alaska" },
  { code: "AZ", name: "Arizona" },
  { code: "AR", name: "Arkansas" },
  { code: "CA", name: "California" },
  { code: "CO", name: "Colorado" },
  { code: "CT", name: "Connecticut" },
  { code: "DE", name: "Delaware" },
  { code: "DC", name: "District of Columbia" },
  { code: "FL", name: "Florida" },
  { code: "GA", name: "Georgia" },
  { code: "HI", name: "Hawaii" },
  { code: "ID", name: "Idaho" },
  { code: "IL", name: "Illinois" },
  { code: "IN", name: "Indiana" },
  { code: "IA", name: "Iowa" },
  { code: "KS", name: "Kansas" },
  { code: "KY", name: "Kentucky" },
  { code: "LA", name: "Louisiana" },
  { code: "ME", name: "Maine" },
  { code: "MD", name: "Maryland" },
  { code: "MA", name: "Massachusetts" },
  { code: "MI", name: "Michigan" },
  { code: "MN", name: "Minnesota" },
  { code: "MS", name: "Mississippi" },
  { code: "MO", name: "Missouri" },
  { code: "MT", name: "Montana" },
  { code: "NE", name: "Nebraska" },
  { code: "NV", name: "Nevada" },
  { code: "NH", name: "New Hampshire" },
  { code: "NJ", name: "New Jersey" },
  { code: "NM", name: "New Mexico" },
  { code: "NY", name: "New York" },
  { code: "NC", name: "North Carolina" },
  { code: "ND", name: "North Dakota" },
  { code: "OH", name: "Ohio" },
  { code: "OK", name: "Oklahoma" },
  { code: "OR", name: "Oregon" },
  { code: "PA", name: "Pennsylvania" },
  { code: "RI", name: "Rhode Island" },
  { code: "SC", name: "South Carolina" },
  { code: "SD", name: "South Dakota" },
  { code: "TN", name: "Tennessee" },
  { code: "TX", name: "Texas" },
  { code: "UT", name: "Utah" },
  { code: "VT", name: "Vermont" },
  { code: "VA", name: "Virginia" },
  { code: "WA", name: "Washington" },
  { code: "WV", name: "West Virginia" },
  { code: "WI", name: "Wisconsin" },
  { code: "WY", name: "Wyoming" },
];

export const US_STATE_CODES = US_STATES.map((state) => state.code) as [string, ...string[]];

/**
 * Each state's own statewide sales tax rate, in thousandths of a percent (6.875% = 6875), without county or city
 * taxes, charged on the goods and not on shipping: what a PayPal checkout charges, as no processor computes tax
 * there (see statewideSalesTaxCents), and what the sandbox's checkout charges in place of Stripe Tax (which computes
 * the full rate for the address, state, county and city, and whether shipping is taxed there).
 */
export const STATEWIDE_SALES_TAX_RATES: Readonly<Record<string, number>> = {
  AL: 4000,
  AK: 0,
  AZ: 5600,
  AR: 6500,
  CA: 7250,
  CO: 2900,
  CT: 6350,
  DE: 0,
  DC: 6000,
  FL: 6000,
  GA: 4000,
  HI: 4000,
  ID: 6000,
  IL: 6250,
  IN: 7000,
  IA: 6000,
  KS: 6500,
  KY: 6000,
  LA: 5000,
  ME: 5500,
  MD: 6000,
  MA: 6250,
  MI: 6000,
  MN: 6875,
  MS: 7000,
  MO: 4225,
  MT: 0,
  NE: 5500,
  NV: 6850,
  NH: 0,
  NJ: 6625,
  NM: 4875,
  NY: 4000,
  NC: 4750,
  ND: 5000,
  OH: 5750,
  OK: 4500,
  OR: 0,
  PA: 6000,
  RI: 7000,
  SC: 6000,
  SD: 4200,
  TN: 7000,
  TX: 6250,
  UT: 4850,
  VT: 6000,
  VA: 4300,
  WA: 6500,
  WV: 6000,
  WI: 5000,
  WY: 4000,
};

/**
 * The statewide tax on goods worth `subtotalCents` shipped to `state`, rounded half up to the cent: the sandbox's
 * checkout charges it, and so does a PayPal checkout. With real PayPal this is a floor: a county or city rate on top,
 * and states that tax shipping, are not charged (Stripe Tax charges them on card checkouts).
 */
export function statewideSalesTaxCents(subtotalCents: number, state: string): number {
  const rate = STATEWIDE_SALES_TAX_RATES[state] ?? 0;
  return Math.round((subtotalCents * rate) / 100_000);
}

/** A rate in thousandths of a percent as people write it: 6875 → "6.875%". */
const formatTaxRate = (rate: number) => `${Number((rate / 1000).toFixed(3))}%`;

/** An address in the two lines a label shows: "Ada Shopper, 1 Main St, Apt 2, Albany, NY 12207". */
export function formatShippingAddress(address: {
  name: string;
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  postalCode: string;
}): string {
  return [
    address.name,
    address.line1,
    address.line2,
    `${address.city}, ${address.state} ${address.postalCode}`,
  ]
    .filter((part) => part && part.trim().length > 0)
    .join(", ");
}

/** Every text about shipping and tax the shop shows or sends. */
export const shippingTexts = {
  shippingAddress: "Shipping address",
  fullName: "Full name",
  addressLine1: "Address",
  addressLine2: "Apartment, suite, etc. (optional)",
  city: "City",
  state: "State",
  chooseState: "Choose a state",
  postalCode: "ZIP code",
  country: "Country",
  countryUnitedStates: "United States",
  shipsToUs: "We ship to addresses in the United States.",
  shippingMethod: "Shipping method",
  subtotal: "Subtotal",
  shipping: "Shipping",
  tax: "Sales tax",
  taxWithRate: (state: string, rate: number) => `Sales tax (${state}, ${formatTaxRate(rate)})`,
  taxPending: "Enter your address",
  calculating: "Calculating…",
  paymentDetails: "Payment details",
  total: "Total",
  nameRequired: "Enter the name to ship to.",
  line1Required: "Enter the street address.",
  cityRequired: "Enter the city.",
  stateRequired: "Choose the state.",
  postalCodeInvalid: "Enter a 5-digit ZIP code, like 10001.",
  rateRequired: "Choose a shipping method.",
  addressRequired: "Enter a shipping address before paying.",
  rateLine: (rate: ShippingRate) => `${rate.name} (${deliveryEstimate(rate)})`,
  rateAmount: (rate: Pick<ShippingRate, "amountCents">) => formatCents(rate.amountCents),
  orderNumber: (number: string) => `Order number: ${number}`,
  shippedSubject: (brand: string, number: string) => `Your ${brand} order ${number} has shipped`,
  shippedTitle: "Your order is on its way",
} as const;

export const POSTAL_CODE_PATTERN = /^\d{5}(-\d{4})?$/;
