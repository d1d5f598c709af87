import { collectionTexts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import type { PlayerCollection } from "@mx/shared/schemas/collections";
import { Link } from "react-router";
import { formatDate } from "../../../lib/format-date";
import { hasSession } from "../../../lib/session";
import { playersCopy } from "../copy";

/**
 * A player's collections as badges: those held now first, then those once held (a member since sold), each with
 * its kind, difficulty and date. Signed in, each names its collection's page.
 */
export function CollectionBadges({ collections }: { collections: PlayerCollection[] }) {
  if (collections.length === 0) return <p className="player-section__empty">{playersCopy.noCollections}</p>;
  const linked = hasSession();
  return (
    <ul className="collection-badges">
      {collections.map((c) => (
        <li
          key={c.id}
          className={`collection-badge collection-badge--${c.standing === "held" ? "held" : "lost"}`}
          data-collection={c.id}
        >
          <span className="collection-badge__standing">
            {c.standing === "held" ? playersCopy.held : playersCopy.onceHeld}
          </span>
          {linked ? (
            <Link className="collection-badge__name" to={paths.collection(c.id)}>
              {c.name}
            </Link>
          ) : (
            <span className="collection-badge__name">{c.name}</span>
          )}
          <span className="collection-badge__meta">
            {collectionTexts.kinds[c.kind]} · {collectionTexts.difficulty(c.difficulty)} ·{" "}
            {c.standing === "held"
              ? playersCopy.completedOn(formatDate(c.completedAt * 1000))
              : playersCopy.lostOn(formatDate((c.lostAt ?? c.completedAt) * 1000))}
          </span>
        </li>
      ))}
    </ul>
  );
}
