import { formatDollars } from "@mx/shared/money";
import { landingCopy } from "../copy";

/** A drawn (CSS-only) preview of the map: a block of towers, some owned, one for sale with a bid on it. */
const towers = [
  { height: 42, kind: "" },
  { height: 64, kind: "owned" },
  { height: 50, kind: "" },
  { height: 88, kind: "" },
  { height: 58, kind: "owned-alt" },
  { height: 96, kind: "sale" },
  { height: 46, kind: "" },
  { height: 72, kind: "owned" },
  { height: 38, kind: "" },
  { height: 60, kind: "" },
] as const;

export function SkylinePreview() {
  return (
    <div className="preview" aria-hidden="true">
      <div className="preview__grid" />
      <div className="preview__towers">
        {towers.map((tower, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed drawing
            key={index}
            className={tower.kind ? `preview__tower preview__tower--${tower.kind}` : "preview__tower"}
            style={{ height: `${tower.height}%` }}
          />
        ))}
      </div>
      <div className="preview__tag">
        <span className="preview__tag-label">{landingCopy.mapForSale}</span>
        <span className="preview__tag-row">
          <span>{landingCopy.mapAsk}</span>
          <strong>{formatDollars(1250)}</strong>
        </span>
        <span className="preview__tag-row preview__tag-row--bid">
          <span>{landingCopy.mapBid}</span>
          <strong>{formatDollars(1310)}</strong>
        </span>
      </div>
      <div className="preview__legend">
        <span className="preview__legend-item preview__legend-item--owned">{landingCopy.mapOwned}</span>
        <span className="preview__legend-item preview__legend-item--sale">{landingCopy.mapForSale}</span>
      </div>
    </div>
  );
}
