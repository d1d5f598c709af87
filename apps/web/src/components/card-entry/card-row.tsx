import { type ReactNode, useId } from "react";
import { CardChip } from "../ui/card-chip";
import { TrashIcon } from "../ui/icons";
import "./card-list.css";

interface CardRowProps {
  /** The radio's value: the card's id. */
  value: string;
  scheme: string | null;
  /** "VISA •••• 4242". */
  label: string;
  isDefault: boolean;
  /** The details line under the label (expiry, name or funding), one span each. */
  details: ReactNode;
  copy: { defaultBadge: string; select: (label: string) => string; deleteCard: (label: string) => string };
  /** The radio group's name: one card ticked at a time. */
  group: string;
  isTicked: boolean;
  onTick: () => void;
  onDelete: () => void;
  /** A call is running on the list: the controls wait. */
  isLocked: boolean;
}

/** One card of a list: its tick, brand and last 4, its details, the Default badge and a delete control. */
export function CardRow({
  value,
  scheme,
  label,
  isDefault,
  details,
  copy,
  group,
  isTicked,
  onTick,
  onDelete,
  isLocked,
}: CardRowProps) {
  const inputId = useId();
  const detailsId = `${inputId}-details`;
  const badgeId = `${inputId}-badge`;
  return (
    <div className={isTicked ? "card-row card-row--ticked" : "card-row"}>
      <input
        id={inputId}
        className="card-row__tick"
        type="radio"
        name={group}
        value={value}
        checked={isTicked}
        onChange={onTick}
        disabled={isLocked}
        aria-label={copy.select(label)}
        aria-describedby={isDefault ? `${badgeId} ${detailsId}` : detailsId}
      />
      {/* The whole card face ticks the card; the radio's own name stays the short "Select …". */}
      <label htmlFor={inputId} className="card-row__face">
        <CardChip scheme={scheme} />
        <span className="card-row__text">
          <span className="card-row__title">
            <span className="card-row__number">{label}</span>
            {isDefault ? (
              <span className="card-badge" id={badgeId}>
                {copy.defaultBadge}
              </span>
            ) : null}
          </span>
          <span className="card-row__meta" id={detailsId}>
            {details}
          </span>
        </span>
      </label>
      <button
        type="button"
        className="icon-button card-row__delete"
        onClick={onDelete}
        disabled={isLocked}
        aria-label={copy.deleteCard(label)}
      >
        <TrashIcon />
      </button>
    </div>
  );
}
