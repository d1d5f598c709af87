import {
  ACCEPTED_PAYMENTS,
  ASK_PROCESSING_FEE_CENTS,
  BRAND_NAME,
  BUY_PROCESSING_FEE_CENTS,
  CLAIMS_WINDOW,
  COMPANY_NAME,
  DATA_CREDITS,
  DEFECT_REPORT_WINDOW,
  INSTANT_PAYOUT_FEE_CENTS,
  LEGAL_LAST_UPDATED,
  PENDING_BID_TTL_DAYS,
  SALES_TAX_CENTS,
  SUPPORT_EMAIL_SLOT,
} from "@mx/shared/constants";
import { texts } from "@mx/shared/messages";
import { formatCents } from "@mx/shared/money";
import { paths } from "@mx/shared/routes";
import { externalLinks } from "./external-links";
import { type LegalDocument, link, list, mail, paragraph, sectionHref } from "./types";

const accepted = `${ACCEPTED_PAYMENTS.slice(0, -1).join(", ")} and ${ACCEPTED_PAYMENTS.at(-1)}`;

export const termsOfServices: LegalDocument = {
  page: "terms",
  id: "terms-of-services",
  title: texts.termsOfServices,
  isNumbered: false,
  intro: [
    paragraph(`Last updated ${LEGAL_LAST_UPDATED}.`),
    paragraph(
      `These Terms of Services are an agreement between you and ${COMPANY_NAME} ("we", "us"), the company that operates ${BRAND_NAME}. They apply together with our `,
      link(texts.privacyNotice, paths.privacy),
      ", the ",
      link(texts.endUserLicenseAgreement, paths.eula),
      " and the ",
      link(texts.disclaimer, paths.disclaimer),
      ". By creating an account, making a purchase or otherwise using the Application, you accept these terms. If you do not accept them, please do not use the Application.",
    ),
  ],
  sections: [
    {
      id: "the-application",
      title: "The Application",
      blocks: [
        paragraph(
          `"The Application" means the ${BRAND_NAME} website and installable web app: the map-based property trading game set in Manhattan, the player account area and the merchandise shop. In the game, players buy, bid on, sell, name and color virtual versions of real buildings shown on a map, and withdraw what they earn from sales to a payout account.`,
        ),
        paragraph(
          "The Application is a game. A building you own in it is a game asset: it gives you no right, title or interest in the real building, its land or its address, and it is not real estate, a security or an investment. The real owners and occupants of the buildings have no connection with the Application.",
        ),
      ],
    },
    {
      id: "eligibility",
      title: "Eligibility and Minors",
      blocks: [
        paragraph(
          "You must be at least 18 years old, or of the age of majority where you live, to accept these terms yourself. Minors (generally anyone under 18) may use the Application only with the permission of a parent or legal guardian, who accepts these terms on the minor's behalf and is responsible for the minor's use of the Application and for every purchase the minor makes.",
        ),
      ],
    },
    {
      id: "your-account",
      title: "Your Account",
      blocks: [
        paragraph(
          "You need an account to play. Give us accurate information, keep your password to yourself, and tell us at ",
          mail(SUPPORT_EMAIL_SLOT),
          " straight away if you think someone else has used your account. You are responsible for everything done through your account. Each person may hold one account, and accounts may not be sold, shared or transferred.",
        ),
      ],
    },
    {
      id: "game-assets",
      title: "Buildings and Game Assets",
      blocks: [
        paragraph(
          "Every building in the game's launch area can be bought. An unowned building has a base price set by the game from its size; after that, its price is whatever a player last paid for it. We may open more of the island to play over time.",
        ),
        paragraph(
          "We may correct an owner, a price or a balance that is wrong because of an error, a technical fault or fraud. The name and color an owner gives a building are shown to every player and must follow the Acceptable Use rules below.",
        ),
      ],
    },
    {
      id: "prices-and-payments",
      title: "Prices and Payments",
      blocks: [
        paragraph(
          `All prices and payments are in US dollars (USD). We accept ${accepted}. Payments are processed by our payment provider, Stripe, Inc.`,
        ),
        list(
          `Buying a building, or bidding on one, costs its price plus a processing fee of ${formatCents(BUY_PROCESSING_FEE_CENTS)} and sales tax of ${formatCents(SALES_TAX_CENTS)}.`,
          `Selling a building costs a processing fee of ${formatCents(ASK_PROCESSING_FEE_CENTS)}, taken out of the sale.`,
          `An instant payout costs ${formatCents(INSTANT_PAYOUT_FEE_CENTS)}; a standard payout is free.`,
          "In the shop, shipping, taxes and discounts are calculated at checkout.",
        ),
        paragraph(
          `You allow us and our payment provider to charge the payment method you choose. When you place a bid, its full amount is held on your card until the owner accepts or declines it, you cancel it, or it expires after ${PENDING_BID_TTL_DAYS} days.`,
        ),
      ],
    },
    {
      id: "all-sales-final",
      title: "All Sales Are Final",
      blocks: [
        paragraph(
          "All sales are final. Once the purchase of a building, an accepted bid or a shop order is complete, there are no refunds, returns or exchanges, except for a defect reported in time (see ",
          link("Defects and Warranties", sectionHref("terms", "defects-and-warranties")),
          "), when your account is deleted as described below, or where the law requires a refund.",
        ),
      ],
    },
    {
      id: "trading",
      title: "Bids, Asks and Trades Between Players",
      blocks: [
        paragraph(
          "An owner can offer a building for sale at an asking price, and other players can bid more than that price. The owner may accept or decline any bid, and cannot bid on their own building. When a bid is accepted, the held amount is charged, the building passes to the bidder, and the seller's earnings are credited with the bid minus the processing fee.",
        ),
        paragraph(
          "We are not a party to trades between players, but we run the system that records them, and our records of ownership and prices settle any question about a trade.",
        ),
      ],
    },
    {
      id: "earnings-and-withdrawals",
      title: "Earnings and Withdrawals",
      blocks: [
        paragraph(
          "To place an ask or withdraw earnings, you must connect a payout account through our payment provider and pass its identity checks. You can withdraw by standard payout or, for a fee, by instant payout to a payout card. We may hold a payout while we look into suspected fraud or when the law requires it. You are responsible for any taxes on what you earn.",
        ),
      ],
    },
    {
      id: "closing-your-account",
      title: "Account Deletion",
      blocks: [
        paragraph(
          "You can delete your account at any time under Account Settings. Account deletion is irreversible and forfeits every asset in the account: your buildings return to the market unowned and your pending bids are cancelled. The remaining balance of your earnings is refunded to your default payment method, minus processing fees.",
        ),
        paragraph(
          "We may suspend or close an account that breaks these terms. If we close an account for any other reason, we refund its remaining balance in the same way.",
        ),
      ],
    },
    {
      id: "acceptable-use",
      title: "Acceptable Use",
      blocks: [
        paragraph("When you use the Application, you agree not to:"),
        list(
          "use bots, scripts or other automated means to play, bid or collect data;",
          "exploit a bug instead of reporting it to us;",
          "hold several accounts, or work with other players, to move prices or balances;",
          "use a payment method you are not allowed to use, or use the game to move money for anyone else;",
          "give buildings names that are offensive or unlawful, or that pretend to be someone else;",
          "interfere with our servers, or try to reach data or accounts that are not yours;",
          "copy, sell or resell any part of the Application without our written permission.",
        ),
      ],
    },
    {
      id: "intellectual-property",
      title: "Intellectual Property and Map Data",
      blocks: [
        paragraph(
          "The Application, its software, design, text and logos belong to us or to those who license them to us. These terms give you no rights in them beyond the license in the ",
          link(texts.endUserLicenseAgreement, paths.eula),
          ".",
        ),
        paragraph("The map is drawn from open data, which remains under its own licenses:"),
        list(...DATA_CREDITS),
        paragraph(
          "See ",
          link(externalLinks.osmCopyright.label, externalLinks.osmCopyright.href),
          " and the ",
          link(externalLinks.nycOpenDataTerms.label, externalLinks.nycOpenDataTerms.href),
          ".",
        ),
      ],
    },
    {
      id: "third-party-services",
      title: "Third-Party Services",
      blocks: [
        paragraph(
          "Some parts of the Application rely on services of other companies, such as our payment provider, PayPal, and the browser or device you install the app on. Their own terms apply to your use of those services, and we are not responsible for them.",
        ),
      ],
    },
    {
      id: "availability-and-changes",
      title: "Availability and Changes",
      blocks: [
        paragraph(
          "We work to keep the Application running, but we do not promise that it will always be available or free of errors. We may change, add or remove features, pause the game for maintenance, or stop offering the Application. Where we can, we tell you in advance about changes that matter to you, and if we stop the game we refund remaining balances as for an account deletion.",
        ),
      ],
    },
    {
      id: "defects-and-warranties",
      title: "Defects and Warranties",
      blocks: [
        paragraph(
          `If something you paid for does not work as described (for example, you were charged but the building did not reach your account, or a shop item arrived damaged), you must report the defect to `,
          mail(SUPPORT_EMAIL_SLOT),
          ` within ${DEFECT_REPORT_WINDOW} of the purchase or delivery. If we confirm the defect, we fix it, replace the item or refund the payment. A defect reported more than ${DEFECT_REPORT_WINDOW} later cannot be accepted, unless the law gives you longer.`,
        ),
        paragraph(
          'Apart from that, and as far as the law allows, the Application is provided "as is" and "as available", without any warranty, express or implied, including of fitness for a particular purpose.',
        ),
      ],
    },
    {
      id: "limitation-of-liability",
      title: "Limitation of Liability",
      blocks: [
        paragraph(
          "As far as the law allows, we are not liable for indirect or consequential loss, lost profits, or the value you believe game assets have. Our total liability to you for any claim is limited to what you paid us in the 12 months before the claim arose. Nothing in these terms limits a liability that the law does not allow to be limited.",
        ),
      ],
    },
    {
      id: "claims-and-disputes",
      title: "Claims and Disputes",
      blocks: [
        paragraph(
          "If you are unhappy with the Application, please write to ",
          mail(SUPPORT_EMAIL_SLOT),
          ` first; most problems can be settled that way. Any claim arising from these terms or the Application must be started within ${CLAIMS_WINDOW} after its cause arose, or it is barred for good, unless the law does not allow such a limit.`,
        ),
        paragraph(
          "These terms are governed by the laws of the State of New York, United States, and the state and federal courts in New York County, New York, decide any dispute about them, unless the law where you live gives you the right to go to court there.",
        ),
      ],
    },
    {
      id: "miscellaneous",
      title: "Miscellaneous",
      blocks: [
        paragraph(
          `These terms, with the documents they name, are the whole agreement between you and ${COMPANY_NAME} about the Application. If a court finds part of them invalid, the rest still applies. If we do not enforce a right at once, we have not given it up. You may not transfer your rights under these terms; we may transfer ours to a successor of our business. We may send you notices by e-mail or in the Application.`,
        ),
        paragraph(
          `We may update these terms; the date at the top shows when they last changed, and we tell you about important changes before they take effect. Questions about these terms are welcome at `,
          mail(SUPPORT_EMAIL_SLOT),
          ".",
        ),
      ],
    },
  ],
};
