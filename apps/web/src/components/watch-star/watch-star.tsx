import { watchlistTexts } from "@mx/shared/messages";
import "./watch-star.css";

/** A star drawn outlined, or filled while the building is watched. */
function StarIcon({ filled, size }: { filled: boolean; size: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="m12 2.5 2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8L12 2.5Z" />
    </svg>
  );
}

/**
 * The Watch / Watching button, pressed while the building is watched; what it does is the caller's (WatchToggle
 * with the app's cache, the map page with its own calls). `compact` shows the star alone, in a 44 px square, for
 * list rows and the map's card: its name ("Watch Test Tower") is read all the same.
 */
export function WatchStar({
  name,
  watching,
  disabled = false,
  compact = false,
  onToggle,
}: {
  name: string;
  watching: boolean;
  disabled?: boolean;
  compact?: boolean;
  onToggle: () => void;
}) {
  const classes = ["watch-toggle__button"];
  if (watching) classes.push("watch-toggle__button--on");
  if (compact) classes.push("watch-toggle__button--compact");
  const label = watching ? watchlistTexts.watching : watchlistTexts.watch;
  return (
    <button
      type="button"
      className={classes.join(" ")}
      aria-pressed={watching}
      disabled={disabled}
      title={compact ? `${label} ${name}` : undefined}
      onClick={onToggle}
    >
      <StarIcon filled={watching} size={compact ? 18 : 20} />
      <span className={compact ? "visually-hidden" : undefined}>{label}</span>
      <span className="visually-hidden"> {name}</span>
    </button>
  );
}
