/**
 * The legal text as typed data: the page, its sidebar and the content test all read the same
 * sections, so an anchor in the sidebar always has a section to land on.
 */

/** Which document a route shows: also the first segment of its path (/privacy, /terms, /eula, /disclaimer). */
export type LegalPageName = "privacy" | "terms" | "eula" | "disclaimer";

/** A link inside running text: an app path, a mailto: address or an external page (opens in a new tab). */
export interface InlineLink {
  text: string;
  href: string;
}

export type Inline = string | InlineLink;

export type LegalBlock =
  | { kind: "paragraph"; content: Inline[] }
  | { kind: "list"; items: Inline[][] }
  /** The link back to the start of a document, closing each section of the privacy notice. */
  | { kind: "return"; label: string; href: string };

export interface LegalSection {
  /** Anchor of the section, unique across all four documents: /{page}#{id}. */
  id: string;
  title: string;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  page: LegalPageName;
  /** Anchor of the document's own heading. */
  id: string;
  title: string;
  /** Sections are shown as "1. Title", "2. Title" … */
  isNumbered: boolean;
  intro: LegalBlock[];
  sections: LegalSection[];
}

export function paragraph(...content: Inline[]): LegalBlock {
  return { kind: "paragraph", content };
}

/** A bulleted list; each item is a run of text and links. */
export function list(...items: (Inline | Inline[])[]): LegalBlock {
  return { kind: "list", items: items.map((item) => (Array.isArray(item) ? item : [item])) };
}

export function link(text: string, href: string): InlineLink {
  return { text, href };
}

export function mail(address: string): InlineLink {
  return { text: address, href: `mailto:${address}` };
}

/** The address of a section: /{page}#{section}. */
export function sectionHref(page: LegalPageName, sectionId: string): string {
  return `/${page}#${sectionId}`;
}

/** The plain text of some blocks, links reduced to their text (for search and tests). */
export function blocksText(blocks: LegalBlock[]): string {
  const inlineText = (run: Inline[]) =>
    run.map((part) => (typeof part === "string" ? part : part.text)).join("");
  return blocks
    .map((block) => {
      if (block.kind === "paragraph") return inlineText(block.content);
      if (block.kind === "list") return block.items.map(inlineText).join("\n");
      return block.label;
    })
    .join("\n");
}
