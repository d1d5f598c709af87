import {
  ACCEPTED_PAYMENTS,
  BRAND_NAME,
  COMPANY_NAME,
  LEGAL_LAST_UPDATED,
  SUPPORT_EMAIL_SLOT,
} from "@mx/shared/constants";
import { texts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { externalLinks } from "./external-links";
import { type LegalBlock, type LegalDocument, type LegalSection, link, list, mail, paragraph } from "./types";

const DOCUMENT_ID = "privacy-notice";

/** Closes every section: back to the start of the notice and its contents. */
const returnToNotice: LegalBlock = {
  kind: "return",
  label: texts.returnToPrivacyNotice,
  href: `${paths.privacy}#${DOCUMENT_ID}`,
};

const accepted = `${ACCEPTED_PAYMENTS.slice(0, -1).join(", ")} and ${ACCEPTED_PAYMENTS.at(-1)}`;

const sections: LegalSection[] = [
  {
    id: "personal-information",
    title: "Personal information we collect",
    blocks: [
      paragraph(
        "We collect the personal data you give us when you create an account, play, pay, order from the shop or contact us, together with some data your device sends on its own. Depending on how you use the Application, this can include:",
      ),
      list(
        "Names: your full name, and the name on a payment card or payout account.",
        "Phone numbers: when you give one to us or to our payment provider, for example to reach support or to set up payouts.",
        "E-mail addresses: to sign you in, to send one-time codes and receipts, and to write to you about your account.",
        "Mailing addresses: for shop deliveries and, where the law asks for it, for payouts and tax records.",
        "Usernames: shown to other players on the leaderboard and next to bids.",
        "Passwords: we keep only a salted one-way hash, never the password itself.",
        "Authentication data: session tokens, one-time codes (kept hashed) and the times you signed in.",
        "Card numbers: typed into the payment form and handled by our payment provider; we keep only the card brand, the last four digits and the expiry date.",
        "Financial data: your purchases, bids, sales, balance and payouts, and the payout account you connect.",
        "Device and log data: IP address, browser and device type, operating system, the pages and calls you request, errors, and the date and time of each request.",
        "Location data: the parts of the map and the buildings you look at, and an approximate location worked out from your IP address. We use the precise location of your device only if you allow it in your browser or device settings.",
      ),
      paragraph(
        "We do not ask for sensitive data such as health information, religious or political views, or biometric data. Please do not send it to us.",
      ),
    ],
  },
  {
    id: "use-of-information",
    title: "How we use your information",
    blocks: [
      paragraph("We use personal data only for the purposes below:"),
      list(
        "to create your account, confirm your e-mail address and keep you signed in;",
        "to run the game: record who owns which building, at what price, and show bids, sales and the leaderboard;",
        "to take payments, hold and release the amounts of bids, pay out your earnings and keep the books;",
        "to deliver what you order from the shop;",
        "to send you the messages the service needs, and the notifications you asked for;",
        "to keep the Application secure, detect fraud and abuse, and find and fix errors;",
        "to meet our legal duties, such as tax, accounting and anti-money-laundering rules.",
      ),
      paragraph(
        "We do not sell your personal data, we do not share it for advertising, and we do not make automated decisions about you that have legal or similarly significant effects.",
      ),
    ],
  },
  {
    id: "legal-bases",
    title: "Why we are allowed to use it",
    blocks: [
      paragraph(
        "Where the law asks us to name a reason for using personal data, we rely on one of these: the data is needed to provide the Application you signed up for (our contract with you); we have a legitimate interest that your rights do not outweigh, such as preventing fraud and keeping the service secure; we have a legal duty, such as keeping payment records; or you have given your consent, such as for push notifications, which you can withdraw at any time.",
      ),
    ],
  },
  {
    id: "sharing",
    title: "When we share your information",
    blocks: [
      paragraph(
        "We share personal data only with the people and companies below, and only as much as they need:",
      ),
      list(
        "our payment provider and, if you pay with PayPal, PayPal, to process payments and payouts;",
        "companies that host our servers, store our backups and deliver our e-mail, which act only on our instructions;",
        "delivery companies, for shop orders;",
        "other players, who see your username, your full name on the leaderboard, the names and colors you give your buildings, and your bids on their buildings;",
        "authorities and courts, when the law requires it or to protect the rights and safety of our players and of us;",
        "a buyer of, or successor to, our business, who must respect this notice.",
      ),
    ],
  },
  {
    id: "payment-data",
    title: "Payment data and our payment provider",
    blocks: [
      paragraph(
        `Payments are in US dollars (USD). We accept ${accepted}. Our payment provider is Stripe, Inc. ("Stripe"). When you add a card, buy a building, place a bid, order from the shop or set up payouts, the card number and security code go straight from the payment form to Stripe; they never pass through or rest on our servers. Stripe gives us back a reference to the card with its brand, last four digits and expiry date, which is what you see under Payment Methods.`,
      ),
      paragraph(
        "To pay out your earnings, Stripe checks your identity and the payout account you connect, and may ask for your name, date of birth, address, phone number and tax details. Stripe uses that data under its own privacy policy: ",
        link(externalLinks.stripePrivacy.label, externalLinks.stripePrivacy.href),
        ". If you pay with PayPal, PayPal handles your payment under its own privacy statement.",
      ),
    ],
  },
  {
    id: "cookies",
    title: "Cookies and local storage",
    blocks: [
      paragraph(
        "The Application keeps a few items in your browser's local storage: your session token and user id while you are signed in, and the contents of your shop cart. They are needed for the Application to work. Signing out removes the session items; the cart stays until you empty it or clear your browser's storage.",
      ),
      paragraph(
        "We use no advertising cookies and no third-party trackers. The payment form supplied by our payment provider may set its own cookies to prevent fraud.",
      ),
    ],
  },
  {
    id: "data-location",
    title: "Where your information is stored",
    blocks: [
      paragraph(
        "Our servers are in the United States, and we store and process your information there. If you use the Application from another country, your information is transferred to the United States, whose data protection law may differ from the law where you live. Where the law requires it, we protect these transfers with safeguards such as standard contractual clauses.",
      ),
    ],
  },
  {
    id: "retention",
    title: "How long we keep your information",
    blocks: [
      paragraph(
        "We keep your account data for as long as your account is open. Records of payments, purchases and payouts are kept for as long as tax and accounting law requires, usually up to seven years, also after an account is deleted. Log data is kept for up to 90 days unless we need it longer to investigate a security incident.",
      ),
    ],
  },
  {
    id: "security",
    title: "How we keep your information safe",
    blocks: [
      paragraph(
        "Every connection to the Application is encrypted. Passwords and one-time codes are stored only as one-way hashes, card numbers are never stored by us, and only the staff who need personal data to do their work can see it.",
      ),
      paragraph(
        "No system is perfectly secure, so please use a password you do not use anywhere else. If a breach affects your personal data, we will tell you and the authorities as the law requires.",
      ),
    ],
  },
  {
    id: "minors",
    title: "Minors",
    blocks: [
      paragraph(
        "The Application is meant for adults. Minors (generally anyone under 18) may use it only with the permission of a parent or legal guardian, who is responsible for the minor's use and purchases. We do not knowingly collect personal data from children under 13. If you think a child under 13 has given us personal data, write to ",
        mail(SUPPORT_EMAIL_SLOT),
        " and we will delete it.",
      ),
    ],
  },
  {
    id: "your-rights",
    title: "Your privacy rights",
    blocks: [
      paragraph(
        "Depending on where you live (for example in California or another US state with a privacy law, the European Economic Area or the United Kingdom), you may have the right to:",
      ),
      list(
        "know what personal data we hold about you and get a copy of it;",
        "correct data that is wrong (you can change your name, username and e-mail address yourself under Account Settings);",
        "have your data deleted;",
        "receive your data in a portable format;",
        "object to, or ask us to limit, some uses of your data;",
        "withdraw a consent you gave, without affecting what we did before;",
        "complain to a data protection authority.",
      ),
      paragraph(
        "To use any of these rights, write to ",
        mail(SUPPORT_EMAIL_SLOT),
        ". We may need to confirm your identity first, and we answer within 30 days. Using your rights never changes the price or the service you get.",
      ),
    ],
  },
  {
    id: "account-deletion",
    title: "Deleting your account",
    blocks: [
      paragraph(
        "You can delete your account at any time under Account Settings, or by writing to ",
        mail(SUPPORT_EMAIL_SLOT),
        ". Account deletion is irreversible: it cannot be undone and the account cannot be restored.",
      ),
      paragraph(
        "Deleting your account forfeits the assets in it: the buildings you own return to the market unowned, and your pending bids are cancelled and their holds released. The remaining balance of your earnings is refunded to your default payment method, minus processing fees.",
      ),
      paragraph(
        "We then erase or anonymize your personal data, except the records the law makes us keep (see How long we keep your information). You may sign up again later with the same e-mail address.",
      ),
    ],
  },
  {
    id: "communications",
    title: "E-mails and notifications",
    blocks: [
      paragraph(
        "We send you the e-mails the service needs: one-time codes, receipts, and notices about your account, your bids and your payouts. You cannot turn these off while your account is open.",
      ),
      paragraph(
        "If you allow push notifications, we keep a token for your device so that we can tell you about bids and sales. You can turn them off at any time in your browser or device settings.",
      ),
    ],
  },
  {
    id: "updates",
    title: "Updates to this notice",
    blocks: [
      paragraph(
        `This notice was last updated ${LEGAL_LAST_UPDATED}. When we change it, we change that date, and if the change matters to you we tell you by e-mail or in the Application before it takes effect.`,
      ),
    ],
  },
  {
    id: "contact",
    title: "How to contact us",
    blocks: [
      paragraph(
        `${BRAND_NAME} is operated by ${COMPANY_NAME}, which decides how your personal data is used. For a question about this notice, or to use your privacy rights, write to `,
        mail(SUPPORT_EMAIL_SLOT),
        ".",
      ),
    ],
  },
];

export const privacyNotice: LegalDocument = {
  page: "privacy",
  id: DOCUMENT_ID,
  title: texts.privacyNotice,
  isNumbered: true,
  intro: [
    paragraph(`Last updated ${LEGAL_LAST_UPDATED}.`),
    paragraph(
      `This Privacy Notice explains what personal data ${COMPANY_NAME} ("we", "us") collects when you use ${BRAND_NAME}: the website, the installable web app and the merchandise shop (together, the "Application"). It says why we collect the data, who we share it with, and the choices you have. It belongs with our `,
      link(texts.termsOfServices, paths.terms),
      ".",
    ),
    paragraph("Questions are welcome at any time: ", mail(SUPPORT_EMAIL_SLOT), "."),
  ],
  sections: sections.map((section) => ({ ...section, blocks: [...section.blocks, returnToNotice] })),
};
