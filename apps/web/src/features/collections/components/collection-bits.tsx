import { collectionTexts } from "@mx/shared/messages";

/** Five pips, `level` of them filled, named for screen readers. */
export function Difficulty({ level }: { level: number }) {
  return (
    <span className="collection-difficulty" role="img" aria-label={collectionTexts.difficulty(level)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span
          key={n}
          className={n <= level ? "collection-difficulty__pip is-on" : "collection-difficulty__pip"}
        />
      ))}
    </span>
  );
}

/** "3 of 5", with a bar. */
export function Progress({ owned, total }: { owned: number; total: number }) {
  return (
    <div className="collection-progress">
      <progress max={total} value={owned} aria-label={collectionTexts.progressLabel(owned, total)} />
      <span>{collectionTexts.progress(owned, total)}</span>
    </div>
  );
}
