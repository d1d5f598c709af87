import { type ReactNode, useId } from "react";

/**
 * One part of a player's profile under its own heading. The page is a stack of these, so a new part (a player's
 * badges, say) is one more section in the route, with no change to the others.
 */
export function PlayerSection({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      className={className ? `player-section ${className}` : "player-section"}
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="player-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
