import { chipLabel } from "../../lib/card-labels";
import "./card-chip.css";

/** A small card face with the scheme's short name on it; decorative. With no scheme, an empty outline. */
export function CardChip({ scheme, className }: { scheme: string | null; className?: string }) {
  const kind = scheme === null ? "none" : scheme || "other";
  return (
    <span
      className={["card-chip", `card-chip--${kind}`, className].filter(Boolean).join(" ")}
      aria-hidden="true"
    >
      {scheme === null ? null : chipLabel(scheme)}
    </span>
  );
}
