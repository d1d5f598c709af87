import type { PlayerBuilding } from "@mx/shared/schemas/players";
import { playersCopy } from "../copy";
import { MANHATTAN_PATH, placeOnOutline, VIEW_BOX } from "./manhattan-outline";

/**
 * Where a player's buildings stand: a dot in their colour for each, over a small drawing of the island. No map
 * library: the drawing is one SVG path and the dots are positioned over it, so they keep their size at any width.
 * The list beside it names every building; the drawing is one image to assistive technology.
 */
export function HoldingsMap({ buildings, color }: { buildings: PlayerBuilding[]; color: string }) {
  return (
    <figure className="holdings-map" role="img" aria-label={playersCopy.mapLabel(buildings.length)}>
      <svg
        className="holdings-map__island"
        viewBox={`${VIEW_BOX.x} ${VIEW_BOX.y} ${VIEW_BOX.width} ${VIEW_BOX.height}`}
        aria-hidden="true"
        focusable="false"
      >
        <path d={MANHATTAN_PATH} />
      </svg>
      {buildings.map((building) => {
        const { left, top } = placeOnOutline(building.location.lat, building.location.lng);
        return (
          <span
            key={building.buildingId}
            className="holdings-map__dot"
            data-building-id={building.buildingId}
            style={{ left: `${left}%`, top: `${top}%`, backgroundColor: color }}
          />
        );
      })}
    </figure>
  );
}
