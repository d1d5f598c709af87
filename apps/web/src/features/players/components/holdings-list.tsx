import { formatCents } from "@mx/shared/money";
import { propertyDetailsUrl } from "@mx/shared/routes";
import type { PlayerBuilding } from "@mx/shared/schemas/players";
import { Link } from "react-router";
import { playersCopy } from "../copy";

/** Property Details opens at the building with what it costs now: the ask while listed, else its value. */
function detailsUrl(building: PlayerBuilding): string {
  return propertyDetailsUrl({
    id: building.buildingId,
    name: building.name,
    price: (building.askCents ?? building.valueCents) / 100,
    lat: building.location.lat,
    lng: building.location.lng,
  });
}

/** The buildings a player holds, most valuable first, each a link to its Property Details. */
export function HoldingsList({ buildings }: { buildings: PlayerBuilding[] }) {
  return (
    <ul className="holdings-list">
      {buildings.map((building) => (
        <li key={building.buildingId} className="holdings-list__item" data-building-id={building.buildingId}>
          <Link className="holdings-list__name" to={detailsUrl(building)}>
            {building.name}
          </Link>
          <span className="holdings-list__value">
            <span className="visually-hidden">{playersCopy.value}: </span>
            {formatCents(building.valueCents)}
          </span>
          <span className="holdings-list__tags">
            {building.developmentLevel > 0 ? (
              <span className="holdings-tag">{playersCopy.developmentLevel(building.developmentLevel)}</span>
            ) : null}
            {building.forSale && building.askCents !== null ? (
              <span className="holdings-tag holdings-tag--sale">
                {playersCopy.askFor(formatCents(building.askCents))}
              </span>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
