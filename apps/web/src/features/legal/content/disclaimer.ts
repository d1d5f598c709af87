import { BRAND_NAME, COMPANY_NAME, SUPPORT_EMAIL_SLOT } from "@mx/shared/constants";
import { texts } from "@mx/shared/messages";
import { externalLinks } from "./external-links";
import { type LegalDocument, link, mail, paragraph } from "./types";

export const disclaimer: LegalDocument = {
  page: "disclaimer",
  id: "disclaimer-notice",
  title: texts.disclaimer,
  isNumbered: false,
  intro: [
    paragraph(
      `This Disclaimer sets out the limits of what ${COMPANY_NAME} promises about the information in ${BRAND_NAME}.`,
    ),
  ],
  sections: [
    {
      id: "website",
      title: "Website Disclaimer",
      blocks: [
        paragraph(
          "The information in the Application is for general information and for playing the game. Building names, addresses, heights, floor counts and ages come from open data sets and may be missing, incomplete or out of date. We try to keep everything correct, but we make no promise that any of it is accurate, complete or suitable for any purpose other than the game.",
        ),
        paragraph(
          "Prices in the game are set by the game and by its players. They say nothing about the market value of the real buildings, their land or any real property.",
        ),
      ],
    },
    {
      id: "external-links",
      title: "External Links Disclaimer",
      blocks: [
        paragraph(
          "The Application links to websites we do not run, such as our payment provider, the providers of the map data and government pages. We do not check, control or endorse these sites and are not responsible for what they contain or for how they treat your data. Please read their own terms and privacy notices before you use them.",
        ),
      ],
    },
    {
      id: "professional",
      title: "Professional Disclaimer",
      blocks: [
        paragraph(
          "Nothing in the Application is financial, investment, tax, legal or real-estate advice. Buildings in the game are game assets, not investments, and what you spend on the game is spending on entertainment: spend only what you can afford to lose. For advice about your own situation, ask a qualified professional.",
        ),
        paragraph(
          "To learn how digital assets work and what risks they carry, see the US government's guide ",
          link(externalLinks.digitalAssets.label, externalLinks.digitalAssets.href),
          ". Questions about this Disclaimer are welcome at ",
          mail(SUPPORT_EMAIL_SLOT),
          ".",
        ),
      ],
    },
  ],
};
