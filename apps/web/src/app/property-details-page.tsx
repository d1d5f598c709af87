import { BuildingBids } from "../features/bids/components/building-bids";
import { PropertyDetailsRoute } from "../features/properties/routes/property-details-route";
import { CancelSaleButton } from "../features/sale/components/cancel-sale-button";
import { WatchToggle } from "../features/watchlist/components/watch-toggle";

/**
 * Property Details with what its owner does where they see it: the bids on the building with Accept and Decline
 * (the bids feature's, as in My Bids) and Cancel Sale for a listed building (the sale feature's); for every player,
 * the star that watches the building (the watchlist feature's).
 */
export function PropertyDetailsPage() {
  return (
    <PropertyDetailsRoute
      ownerBids={({ buildingId, onNotice, acceptBlocked }) => (
        <BuildingBids buildingId={buildingId} onNotice={onNotice} acceptBlocked={acceptBlocked} />
      )}
      cancelSale={({ propertyId, name, ask, onNotice }) => (
        <CancelSaleButton propertyId={propertyId} name={name} ask={ask} onNotice={onNotice} />
      )}
      watchToggle={(building) => <WatchToggle building={building} />}
    />
  );
}
