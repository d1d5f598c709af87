import { disputeTexts } from "@mx/shared/messages";
import type { Property } from "@mx/shared/schemas/properties";
import { type ReactNode, useState } from "react";
import { MarketPanel } from "./market-panel";

/** The owner's pending bids on the building, as the app hands them in, told where to say what a decision did. */
export type OwnerBids = (building: {
  buildingId: string;
  onNotice: (notice: string) => void;
  /** Why no bid can be accepted now (the building is frozen), or null. */
  acceptBlocked: string | null;
}) => ReactNode;

/** Property Details' market: the building's market panel, with the owner's bids and what the last decision did. */
export function BuildingMarket({
  property,
  isOwner,
  ownerBids,
}: {
  property: Property | undefined;
  isOwner: boolean;
  ownerBids: OwnerBids | undefined;
}) {
  // What the owner's last decision on a bid here did, said where it was taken.
  const [bidNotice, setBidNotice] = useState<string | null>(null);
  return (
    <MarketPanel
      buildingId={property?.buildingId ?? ""}
      ownerBids={
        property && isOwner && ownerBids
          ? ownerBids({
              buildingId: property.buildingId,
              onNotice: setBidNotice,
              acceptBlocked: property.frozen ? disputeTexts.buildingFrozen : null,
            })
          : undefined
      }
      notice={bidNotice}
    />
  );
}
