import { SUPPORT_EMAIL_SLOT } from "@mx/shared/constants";
import { Link } from "react-router";
import { SupportEmailLink } from "../../../components/ui/support-email";
import type { Inline, InlineLink, LegalBlock } from "../content/types";
import { legalCopy } from "../copy";

function InlineAnchor({ link }: { link: InlineLink }) {
  if (link.href.startsWith("/")) return <Link to={link.href}>{link.text}</Link>;
  if (link.href === `mailto:${SUPPORT_EMAIL_SLOT}`) return <SupportEmailLink />;
  if (link.href.startsWith("mailto:")) return <a href={link.href}>{link.text}</a>;
  return (
    <a href={link.href} target="_blank" rel="noopener noreferrer">
      {link.text}
      <span className="visually-hidden">{legalCopy.opensInNewTab}</span>
    </a>
  );
}

/** A run of text and links. The content is fixed, so a part's position is a stable key. */
function InlineRun({ run }: { run: Inline[] }) {
  return run.map((part, index) =>
    typeof part === "string" ? (
      part
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: static content, never reordered
      <InlineAnchor key={index} link={part} />
    ),
  );
}

export function LegalBlocks({ blocks }: { blocks: LegalBlock[] }) {
  return blocks.map((block, index) => {
    // Blocks are fixed content: their order never changes.
    const key = `${block.kind}-${index}`;
    if (block.kind === "paragraph") {
      return (
        <p key={key} className="legal-text__paragraph">
          <InlineRun run={block.content} />
        </p>
      );
    }
    if (block.kind === "list") {
      return (
        <ul key={key} className="legal-text__list">
          {block.items.map((item, itemIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static content, never reordered
            <li key={itemIndex}>
              <InlineRun run={item} />
            </li>
          ))}
        </ul>
      );
    }
    return (
      <p key={key} className="legal-text__return">
        <Link to={block.href}>{block.label}</Link>
      </p>
    );
  });
}
