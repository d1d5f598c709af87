import { BRAND_NAME } from "@mx/shared/constants";

/** The logo (a small CSS skyline) and the brand name. */
export function BrandMark({ compact = false }: { compact?: boolean }) {
  return (
    <span className="brand">
      <span className="brand__logo" aria-hidden="true">
        <span />
        <span />
        <span />
        <span />
      </span>
      <span className={compact ? "brand__name brand__name--compact" : "brand__name"}>{BRAND_NAME}</span>
    </span>
  );
}
