import { disputeTexts } from "@mx/shared/messages";

/**
 * "Frozen", wherever a building is shown: a payment for it is disputed, so it cannot be listed, sold, developed or
 * renamed until the dispute is decided. Its title says why on hover; the word itself is read where it stands.
 */
export function FrozenBadge({ className }: { className?: string }) {
  return (
    <span
      className={className ? `frozen-badge ${className}` : "frozen-badge"}
      title={disputeTexts.frozenTitle}
      data-testid="frozen-badge"
    >
      {disputeTexts.frozenBadge}
    </span>
  );
}
