import {
  BRAND_NAME,
  COMPANY_NAME,
  DATA_CREDITS,
  LEGAL_LAST_UPDATED,
  SUPPORT_EMAIL_SLOT,
} from "@mx/shared/constants";
import { texts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { type LegalDocument, link, list, mail, paragraph } from "./types";

export const endUserLicenseAgreement: LegalDocument = {
  page: "eula",
  id: "end-user-license-agreement",
  title: texts.endUserLicenseAgreement,
  isNumbered: false,
  intro: [
    paragraph(`Last updated ${LEGAL_LAST_UPDATED}.`),
    paragraph(
      `This End User License Agreement covers the ${BRAND_NAME} web app, including the copy you install on your device's home screen. It is part of the `,
      link(texts.termsOfServices, paths.terms),
      ", and the words defined there mean the same here.",
    ),
  ],
  sections: [
    {
      id: "license",
      title: "License to Use the Application",
      blocks: [
        paragraph(
          `${COMPANY_NAME} gives you a personal, limited, non-exclusive, non-transferable and revocable license to install and use the Application on devices you own or control, for your own entertainment and not for any business purpose. The Application is licensed to you, not sold: we keep every right we do not expressly give you.`,
        ),
        paragraph("You may not, and may not let anyone else:"),
        list(
          "copy, change, translate or make works based on the Application, except as the law expressly allows;",
          "take apart, decompile or reverse engineer the Application, except as the law expressly allows;",
          "rent, lend, sell, sublicense or otherwise pass the Application on to others;",
          "remove or hide any notice of ownership, license or data source;",
          "use the Application to build a competing product or service.",
        ),
        paragraph(
          "The Application updates itself when a new version is published; some updates may be needed to keep playing. Parts of the Application are open-source software and open data, which stay under their own licenses. The map data in particular is credited as follows:",
        ),
        list(...DATA_CREDITS),
        paragraph(
          "This license ends when your account is deleted or when you break these terms. When it ends, you must stop using the Application and remove any installed copy. The browser or store you install the Application from is not a party to this agreement and has no duty to support it. Questions about this license are welcome at ",
          mail(SUPPORT_EMAIL_SLOT),
          ".",
        ),
      ],
    },
  ],
};
