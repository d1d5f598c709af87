import { BRAND_NAME } from "@mx/shared/constants";

/** Landing copy: the app's own words, free to change; amounts come from @mx/shared/constants. */
export const landingCopy = {
  title: "Own Manhattan's real buildings",
  eyebrow: "Real buildings · Real money · One island",
  headline: "Own the Manhattan skyline.",
  lead: `${BRAND_NAME} puts Manhattan's real buildings on a 3D map. Buy one, name it, paint it your colour, put it up for sale and take bids from other players — with real US dollars.`,
  heroNote:
    "The whole island is open, from the Battery to Inwood: about 46,000 buildings, every one for sale.",
  stepsTitle: "How a turn works",
  stepsLead: "Four moves. Every one of them is real money.",
  steps: [
    {
      name: "Buy",
      text: "Pick an unowned building on the map and buy it at its listed price. It's yours, in your colour.",
    },
    {
      name: "Ask",
      text: "Put a building you own on the market at the price you want for it.",
    },
    {
      name: "Bid",
      text: "Offer more than the asking price on a building for sale. The owner accepts or declines.",
    },
    {
      name: "Withdraw",
      text: "Send what you earn from sales to your payout card — standard or instant.",
    },
  ],
  feesTitle: "Fees, in plain numbers",
  feesLead: "No subscriptions and no hidden charges. This is everything you pay.",
  feeBuyTitle: "Buying or bidding",
  feeBuyFormula: (fee: string, tax: string) => `Price + ${fee} processing + ${tax} sales tax`,
  feeBuyExample: (price: string, total: string) => `A ${price} building costs ${total} in total.`,
  feeAskTitle: "Selling (your ask)",
  feeAskFormula: (fee: string) => `${fee} processing fee, taken out of the sale`,
  feeAskExample: (price: string, payout: string) => `Sell for ${price} and you receive ${payout}.`,
  feeInstantTitle: "Instant payout",
  feeInstantFormula: (fee: string) => `${fee} per instant payout`,
  feeInstantExample: "Standard payouts to your payout account arrive on the usual schedule.",
  termsTitle: "Before you play",
  terms: [
    "Payments are in US dollars by Visa, Mastercard, American Express, Discover or PayPal.",
    "All sales are final. There are no refunds.",
    "Players under 18 need a parent's permission.",
  ],
  ctaTitle: "Your first building is a few clicks away.",
  ctaText: "Create an account with your email, confirm the 4-digit code, and the map is yours.",
  shopText: "Not ready to play? Pick up a cap or a sticker.",
  mapOwned: "Owned",
  mapForSale: "For sale",
  mapAsk: "Ask",
  mapBid: "Top bid",
} as const;
