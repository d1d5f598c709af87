import { texts } from "@mx/shared/messages";
import type { Property } from "@mx/shared/schemas/properties";
import type { ReactNode } from "react";
import { PlayerLink } from "../../../components/ui/player-link";
import { propertiesCopy } from "../copy";

const coordinate = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 6 });

/** The building's facts: owner, where it stands, and what the map knows of it. */
export function PropertyFacts({
  property,
  isOwner,
  isLoading,
  lat,
  lng,
}: {
  property: Property | undefined;
  isOwner: boolean;
  isLoading: boolean;
  lat: number;
  lng: number;
}) {
  return (
    <dl className="property-facts">
      <Fact label={propertiesCopy.owner}>{ownerText(property, isOwner, isLoading)}</Fact>
      <Fact label={propertiesCopy.latitude}>{coordinate(lat)}</Fact>
      <Fact label={propertiesCopy.longitude}>{coordinate(lng)}</Fact>
      {property?.neighborhood ? (
        <Fact label={propertiesCopy.neighborhood}>{property.neighborhood}</Fact>
      ) : null}
      {property?.address ? <Fact label={propertiesCopy.address}>{property.address}</Fact> : null}
      {property?.noOfFloors ? <Fact label={propertiesCopy.floors}>{property.noOfFloors}</Fact> : null}
      {property?.height ? (
        <Fact label={propertiesCopy.height}>{propertiesCopy.metres(property.height)}</Fact>
      ) : null}
      {property?.yearBuilt ? <Fact label={propertiesCopy.yearBuilt}>{property.yearBuilt}</Fact> : null}
    </dl>
  );
}

/** Who owns it: the owner's name links to their public profile. */
function ownerText(property: Property | undefined, isOwner: boolean, isLoading: boolean): ReactNode {
  if (!property) return isLoading ? texts.loading : "—";
  if (isOwner) return propertiesCopy.you;
  if (property.ownerId === null) return propertiesCopy.unowned;
  return property.ownerName ? <PlayerLink userName={property.ownerName} /> : "—";
}

/** One fact: its label and its value. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="property-facts__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
