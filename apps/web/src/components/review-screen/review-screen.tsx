import { type ReactNode, useId } from "react";
import { ArrowLeftIcon } from "../ui/icons";
import "./review-screen.css";

/** The colour of the summary card's glow: amber to buy, blue to bid, green to sell. */
type ReviewTone = "buy" | "bid" | "sell";

interface ReviewScreenProps {
  title: string;
  /** The back button's accessible name. */
  backLabel?: string;
  onBack: () => void;
  tone: ReviewTone;
  /** The summary card's lead-in: "You are buying". */
  eyebrow: string;
  /** What is bought, bid on or sold: the summary card's heading. */
  name: string;
  /** Under the name: the address, the level, a badge. */
  details?: ReactNode;
  /** The rest of the summary card: the amounts (price, fees, total or what the player receives), notes. */
  summary: ReactNode;
  /** The actions column: the card to use, the buttons, the notes under them, the dialogs. */
  children: ReactNode;
}

/**
 * The frame every review screen shares (Order, Develop, Bid and Sell Review): a header with the back button and the
 * title, the summary card, then the actions. One column on a phone; on a wide screen the summary on the left,
 * the actions beside it.
 */
export function ReviewScreen({
  title,
  backLabel = "Back",
  onBack,
  tone,
  eyebrow,
  name,
  details,
  summary,
  children,
}: ReviewScreenProps) {
  const headingId = useId();
  return (
    <div className={`review review--${tone}`}>
      <header className="page-header">
        <button type="button" className="icon-button" aria-label={backLabel} onClick={onBack}>
          <ArrowLeftIcon size={22} />
        </button>
        <h1 className="page-header__title">{title}</h1>
      </header>

      <section className="review-card review-card--summary" aria-labelledby={headingId}>
        <div className="review-card__heading">
          <p className="review-card__eyebrow">{eyebrow}</p>
          <h2 id={headingId} className="review-card__name">
            {name}
          </h2>
          {details}
        </div>
        {summary}
      </section>

      {children}
    </div>
  );
}

/** Under the summary's name: an address or a line about what is reviewed. */
export function ReviewDetail({ children }: { children: ReactNode }) {
  return <p className="review-card__address">{children}</p>;
}
