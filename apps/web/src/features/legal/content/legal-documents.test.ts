import {
  ACCEPTED_PAYMENTS,
  BRAND_NAME,
  COMPANY_NAME,
  DATA_CREDITS,
  LEGAL_LAST_UPDATED,
  SUPPORT_EMAIL_SLOT,
} from "@mx/shared/constants";
import { describe, expect, it } from "vitest";
import { legalDocument, legalDocuments } from "./legal-documents";
import { blocksText, type LegalDocument } from "./types";

function documentText(document: LegalDocument): string {
  return [
    document.title,
    blocksText(document.intro),
    ...document.sections.map((section) => `${section.title}\n${blocksText(section.blocks)}`),
  ].join("\n");
}

const allText = legalDocuments.map(documentText).join("\n");
const privacyText = documentText(legalDocument("privacy"));

describe("legal content", () => {
  it("has 15 numbered privacy sections, each ending with the link back to the notice", () => {
    const privacy = legalDocument("privacy");
    expect(privacy.title).toBe("Privacy Notice");
    expect(privacy.isNumbered).toBe(true);
    expect(privacy.sections).toHaveLength(15);
    for (const section of privacy.sections) {
      expect(section.blocks.at(-1)).toEqual({
        kind: "return",
        label: "Return to Privacy Notice",
        href: `/privacy#${privacy.id}`,
      });
      // Only the last block returns: one link per section.
      expect(section.blocks.filter((block) => block.kind === "return")).toHaveLength(1);
    }
  });

  it("has 17 terms topics from 'the Application' to 'Miscellaneous'", () => {
    const terms = legalDocument("terms");
    expect(terms.title).toBe("Terms of Services");
    expect(terms.sections).toHaveLength(17);
    expect(terms.sections[0]?.title).toBe("The Application");
    expect(terms.sections.at(-1)?.title).toBe("Miscellaneous");
  });

  it("has 1 EULA topic and 3 disclaimer topics (Website, External Links, Professional)", () => {
    const eula = legalDocument("eula");
    expect(eula.title).toBe("End User License Agreement");
    expect(eula.sections).toHaveLength(1);

    const disclaimer = legalDocument("disclaimer");
    expect(disclaimer.title).toBe("Disclaimer");
    expect(disclaimer.sections.map((section) => section.title)).toEqual([
      "Website Disclaimer",
      "External Links Disclaimer",
      "Professional Disclaimer",
    ]);
  });

  it("gives every section an anchor that is readable and unique across the page", () => {
    const ids = legalDocuments.flatMap((document) => [document.id, ...document.sections.map((s) => s.id)]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(legalDocument("privacy").sections[0]?.id).toBe("personal-information");
  });

  it("links only to sections that exist", () => {
    const anchors = new Set(
      legalDocuments.flatMap((document) => [
        `/${document.page}`,
        `/${document.page}#${document.id}`,
        ...document.sections.map((section) => `/${document.page}#${section.id}`),
      ]),
    );
    const internalLinks = legalDocuments.flatMap((document) =>
      [...document.intro, ...document.sections.flatMap((section) => section.blocks)].flatMap((block) => {
        if (block.kind === "return") return [block.href];
        const runs = block.kind === "paragraph" ? [block.content] : block.items;
        return runs.flat().flatMap((part) => (typeof part === "string" ? [] : [part.href]));
      }),
    );
    for (const href of internalLinks.filter((h) => h.startsWith("/"))) expect(anchors).toContain(href);
  });

  it.each([
    ["the currency", "US dollars (USD)"],
    ["the last update", `Last updated ${LEGAL_LAST_UPDATED}`],
    ["that all sales are final", "All sales are final"],
    ["no refunds", "no refunds"],
    ["minors need a parent's permission", "Minors (generally anyone under 18)"],
    ["the parent or guardian", "permission of a parent or legal guardian"],
    ["irreversible account deletion", "deletion is irreversible"],
    ["forfeited assets", "forfeits"],
    ["the balance refund", "refunded to your default payment method, minus processing fees"],
    ["the claims window", "within 1 year"],
    ["the defect window", "within 3 days"],
    ["where the servers are", "Our servers are in the United States"],
    ["the payment provider", "Stripe"],
    ["the support address", SUPPORT_EMAIL_SLOT],
    ["the operating company", `operated by ${COMPANY_NAME}`],
    ["the product", BRAND_NAME],
  ])("states %s", (_fact, phrase) => {
    expect(allText).toContain(phrase);
  });

  it.each(ACCEPTED_PAYMENTS)("names %s as an accepted payment method", (method) => {
    expect(allText).toContain(method);
  });

  it.each(DATA_CREDITS)("credits the map data: %s", (credit) => {
    expect(allText).toContain(credit);
  });

  it.each([
    "Names",
    "Phone numbers",
    "E-mail addresses",
    "Mailing addresses",
    "Usernames",
    "Passwords",
    "Authentication data",
    "Card numbers",
    "Financial data",
    "Device and log data",
    "Location data",
  ])("lists %s among the personal data the privacy notice collects", (kind) => {
    expect(privacyText).toContain(`${kind}:`);
  });

  it("states in the privacy notice the facts it must carry on its own", () => {
    for (const phrase of [
      "Stripe",
      "United States",
      SUPPORT_EMAIL_SLOT,
      COMPANY_NAME,
      LEGAL_LAST_UPDATED,
      "irreversible",
    ]) {
      expect(privacyText).toContain(phrase);
    }
  });
});
