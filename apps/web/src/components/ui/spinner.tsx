import { texts } from "@mx/shared/messages";

/** A busy indicator; the label is read by screen readers and shown beside the wheel when `showLabel`. */
export function Spinner({
  label = texts.loading,
  showLabel = false,
}: {
  label?: string;
  showLabel?: boolean;
}) {
  return (
    <span className="spinner" role="status">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className={showLabel ? "spinner__label" : "visually-hidden"}>{label}</span>
    </span>
  );
}

export function PageSpinner() {
  return (
    <div className="page-spinner">
      <Spinner showLabel />
    </div>
  );
}
