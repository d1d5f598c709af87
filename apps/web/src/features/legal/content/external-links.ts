/** Pages outside the app that the legal text and the legal list link to. */
export const externalLinks = {
  /** The US Securities and Exchange Commission's investor page on crypto and other digital assets. */
  digitalAssets: {
    label: "Digital Assets — Investor.gov (U.S. Securities and Exchange Commission)",
    href: "https://www.investor.gov/additional-resources/spotlight/crypto-assets",
  },
  stripePrivacy: { label: "Stripe's Privacy Policy", href: "https://stripe.com/privacy" },
  osmCopyright: {
    label: "OpenStreetMap copyright and license",
    href: "https://www.openstreetmap.org/copyright",
  },
  nycOpenDataTerms: {
    label: "NYC Open Data Terms of Use",
    href: "https://opendata.cityofnewyork.us/overview/#termsofuse",
  },
} as const;
