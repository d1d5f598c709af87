import { marketTexts } from "@mx/shared/messages";
import { formatDollars } from "@mx/shared/money";
import { mapAtBuilding, propertyDetailsUrl } from "@mx/shared/routes";
import type { MarketListing, MarketSort } from "@mx/shared/schemas/market";
import type { KeyboardEvent, MouseEvent, ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { FrozenBadge } from "../../../components/ui/frozen-badge";
import { MapIcon } from "../../../components/ui/icons";
import { formatDay, isoOf } from "../format";

const detailsUrl = (l: MarketListing) =>
  propertyDetailsUrl({
    id: l.buildingId,
    name: l.name,
    price: l.price,
    lat: l.location.lat,
    lng: l.location.lng,
  });

const lastSaleText = (l: MarketListing) =>
  l.lastSale ? `${formatDollars(l.lastSale.price)} · ${formatDay(l.lastSale.at)}` : marketTexts.never;

/** A click anywhere on a row opens the building, unless it landed on a link of its own. */
function useOpenOnClick() {
  const navigate = useNavigate();
  return (listing: MarketListing) => (event: MouseEvent | KeyboardEvent) => {
    if ((event.target as HTMLElement).closest("a, button")) return;
    navigate(detailsUrl(listing));
  };
}

function ShowOnMap({ listing }: { listing: MarketListing }) {
  return (
    <a
      className="market-map-link"
      href={mapAtBuilding(listing.buildingId)}
      aria-label={marketTexts.showOnMapOf(listing.name)}
    >
      <MapIcon size={16} />
      <span>{marketTexts.showOnMap}</span>
    </a>
  );
}

/** What the app hands in to watch a listing's building (a compact star), if anything. */
export type WatchSlot = (building: { buildingId: string; name: string }) => ReactNode;

type AriaSort = "ascending" | "descending" | undefined;
const sortOf = (sort: MarketSort, column: "ask" | "bids" | "listed"): AriaSort => {
  if (column === "ask") return sort === "price" ? "ascending" : sort === "-price" ? "descending" : undefined;
  if (column === "bids") return sort === "-bidCount" ? "descending" : undefined;
  return sort === "-listedAt" ? "descending" : undefined;
};

/** The listings as a table on wide screens and as cards on phones (CSS shows one of the two). */
export function ListingsView({
  listings,
  sort,
  isUpdating,
  watchToggle,
}: {
  listings: MarketListing[];
  sort: MarketSort;
  isUpdating: boolean;
  watchToggle?: WatchSlot;
}) {
  return (
    <div className="market-listings" aria-busy={isUpdating || undefined}>
      <ListingsTable listings={listings} sort={sort} watchToggle={watchToggle} />

      <ul className="market-cards">
        {listings.map((l) => (
          <ListingCard key={l.buildingId} listing={l} watchToggle={watchToggle} />
        ))}
      </ul>
    </div>
  );
}

/** The listings as a table, its sorted column marked, a click on a row opening its building. */
function ListingsTable({
  listings,
  sort,
  watchToggle,
}: {
  listings: MarketListing[];
  sort: MarketSort;
  watchToggle?: WatchSlot;
}) {
  const open = useOpenOnClick();
  return (
    <table className="market-table">
      <caption className="visually-hidden">
        {marketTexts.marketTitle}: {marketTexts.sorts[sort]}
      </caption>
      <ListingsHead sort={sort} withWatch={Boolean(watchToggle)} />
      <tbody>
        {listings.map((l) => (
          <ListingRow key={l.buildingId} listing={l} onClick={open(l)} watchToggle={watchToggle} />
        ))}
      </tbody>
    </table>
  );
}

/** The table's column headings, the sorted one telling screen readers which way it runs. */
function ListingsHead({ sort, withWatch }: { sort: MarketSort; withWatch: boolean }) {
  return (
    <thead>
      <tr>
        <th scope="col">{marketTexts.building}</th>
        <th scope="col" className="market-table__number" aria-sort={sortOf(sort, "ask")}>
          {marketTexts.ask}
        </th>
        <th scope="col" className="market-table__number">
          {marketTexts.bestBid}
        </th>
        <th scope="col" className="market-table__number" aria-sort={sortOf(sort, "bids")}>
          {marketTexts.bids}
        </th>
        <th scope="col">{marketTexts.lastSale}</th>
        <th scope="col" className="market-table__number">
          {marketTexts.floors}
        </th>
        <th scope="col" className="market-table__number">
          {marketTexts.height}
        </th>
        <th scope="col" className="market-table__number">
          {marketTexts.yearBuilt}
        </th>
        <th scope="col" aria-sort={sortOf(sort, "listed")}>
          {marketTexts.listedSince}
        </th>
        <th scope="col">
          <span className="visually-hidden">{marketTexts.showOnMap}</span>
        </th>
        {withWatch ? (
          <th scope="col">
            <span className="visually-hidden">{marketTexts.watch}</span>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}

/** A listing as a table row: its building, ask, bids, last sale, facts, listing day and a link to the map. */
function ListingRow({
  listing: l,
  onClick,
  watchToggle,
}: {
  listing: MarketListing;
  onClick: (event: MouseEvent) => void;
  watchToggle?: WatchSlot;
}) {
  return (
    <tr className="market-table__row" data-building-id={l.buildingId} onClick={onClick}>
      <th scope="row" className="market-table__building">
        <Link to={detailsUrl(l)} aria-label={marketTexts.openDetails(l.name)}>
          {l.name}
        </Link>
        {l.frozen ? <FrozenBadge className="market-frozen" /> : null}
        <span className="market-table__hood">{l.neighborhood ?? ""}</span>
      </th>
      <td className="market-table__number market-table__ask">{formatDollars(l.price)}</td>
      <td className="market-table__number">
        {l.bestBid === null ? marketTexts.noBids : formatDollars(l.bestBid)}
      </td>
      <td className="market-table__number">{l.bidCount}</td>
      <td>{lastSaleText(l)}</td>
      <td className="market-table__number">{l.noOfFloors ?? "–"}</td>
      <td className="market-table__number">{l.height ? marketTexts.metres(l.height) : "–"}</td>
      <td className="market-table__number">{l.yearBuilt ?? "–"}</td>
      <td>
        <time dateTime={isoOf(l.listedAt)}>{formatDay(l.listedAt)}</time>
      </td>
      <td>
        <ShowOnMap listing={l} />
      </td>
      {watchToggle ? <td className="market-table__watch">{watchToggle(l)}</td> : null}
    </tr>
  );
}

/** A listing as a phone's card: its name and ask on top, then its facts and a link to the map. */
function ListingCard({ listing: l, watchToggle }: { listing: MarketListing; watchToggle?: WatchSlot }) {
  return (
    <li className="market-card" data-building-id={l.buildingId}>
      <div className="market-card__head">
        <Link className="market-card__name" to={detailsUrl(l)} aria-label={marketTexts.openDetails(l.name)}>
          {l.name}
        </Link>
        <span className="market-card__ask">{formatDollars(l.price)}</span>
        {watchToggle ? <div className="market-card__watch">{watchToggle(l)}</div> : null}
      </div>
      <p className="market-card__hood">
        {l.neighborhood ?? ""}
        {l.frozen ? <FrozenBadge className="market-frozen" /> : null}
      </p>
      <dl className="market-card__facts">
        <div>
          <dt>{marketTexts.bestBid}</dt>
          <dd>
            {l.bestBid === null ? marketTexts.noBids : formatDollars(l.bestBid)} ({l.bidCount})
          </dd>
        </div>
        <div>
          <dt>{marketTexts.lastSale}</dt>
          <dd>{lastSaleText(l)}</dd>
        </div>
        <div>
          <dt>{marketTexts.floors}</dt>
          <dd>{l.noOfFloors ?? "–"}</dd>
        </div>
        <div>
          <dt>{marketTexts.yearBuilt}</dt>
          <dd>{l.yearBuilt ?? "–"}</dd>
        </div>
        <div>
          <dt>{marketTexts.height}</dt>
          <dd>{l.height ? marketTexts.metres(l.height) : "–"}</dd>
        </div>
        <div>
          <dt>{marketTexts.listedSince}</dt>
          <dd>
            <time dateTime={isoOf(l.listedAt)}>{formatDay(l.listedAt)}</time>
          </dd>
        </div>
      </dl>
      <ShowOnMap listing={l} />
    </li>
  );
}
