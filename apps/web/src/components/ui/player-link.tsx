import { USERNAME_PATTERN } from "@mx/shared/constants";
import { paths } from "@mx/shared/routes";
import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * Whether a shown name is a player's username, to link to their profile: a deleted player is shown as a phrase
 * ("Former player") that no username can be, and a missing one as nothing.
 */
function isPlayerName(name: string | null | undefined): name is string {
  return typeof name === "string" && USERNAME_PATTERN.test(name);
}

/** A player's name as a link to their public profile; a name that is not a username stays plain text. */
export function PlayerLink({
  userName,
  className,
  children,
}: {
  userName: string | null | undefined;
  className?: string;
  /** What the link says, when not the username itself (a full name, say). */
  children?: ReactNode;
}) {
  const label = children ?? userName ?? "";
  if (!isPlayerName(userName)) return <>{label}</>;
  return (
    <Link className={className ? `player-link ${className}` : "player-link"} to={paths.player(userName)}>
      {label}
    </Link>
  );
}
