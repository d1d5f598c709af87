import { errors, formats, texts } from "@mx/shared/messages";
import { formatDollars } from "@mx/shared/money";
import { paths } from "@mx/shared/routes";
import type { Property } from "@mx/shared/schemas/properties";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ReportButton } from "../../../components/report/report-button";
import { Button } from "../../../components/ui/button";
import { ErrorBox, StatusNote } from "../../../components/ui/error-box";
import { ArrowLeftIcon, PencilIcon } from "../../../components/ui/icons";
import { PlayerLink } from "../../../components/ui/player-link";
import { ApiError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format-date";
import { getUserId } from "../../../lib/session";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { webPaths } from "../../../lib/web-paths";
import { usePriceHistory } from "../api/get-price-history";
import { propertyDetailsErrorText, usePropertyDetails } from "../api/get-property-details";
import { useRenameBuilding } from "../api/rename-building";
import { DevelopPanel } from "../components/develop-panel";
import { MarketPanel } from "../components/market-panel";
import { PriceChange } from "../components/price-change";
import { PriceDialog } from "../components/price-dialog";
import { RenameDialog } from "../components/rename-dialog";
import { propertiesCopy } from "../copy";
import { chooseAction, type PropertyAction } from "../property-action";
import "../properties.css";
import { hasAppHistory } from "../../../lib/app-history";

/** The building the map sent: /Property-Details?id&name&price&lat&lng, with a selected building's defaults. */
function readSelection(params: URLSearchParams) {
  const number = (key: string) => {
    const raw = params.get(key)?.trim() ?? "";
    const value = Number(raw);
    return raw !== "" && Number.isFinite(value) ? value : 0;
  };
  return {
    id: params.get("id")?.trim() ?? "",
    name: params.get("name")?.trim() || texts.noName,
    price: number("price"),
    lat: number("lat"),
    lng: number("lng"),
  };
}

// Recharts is large and only this page draws a chart: it loads with the first chart.
const PriceHistoryChart = lazy(() =>
  import("../components/price-history-chart").then((module) => ({ default: module.PriceHistoryChart })),
);

const actionLabels: Record<PropertyAction, string> = {
  createBid: texts.createBid,
  sellOrAsk: texts.sellOrAsk,
  buyOrBid: texts.buyOrBid,
};

const cents = (dollars: number) => Math.round(dollars * 100);

const coordinate = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 6 });

function historyErrorText(error: unknown): string {
  return error instanceof ApiError && error.status > 0
    ? formats.apiError(error.status)
    : errors.loadPriceHistoryFailed;
}

/** What another feature shows on this page, handed in by the app (features never import each other). */
export interface PropertyDetailsParts {
  /** For the owner, in the market panel: the pending bids on the building, each with Accept and Decline. */
  ownerBids?: (building: { buildingId: string; onNotice: (notice: string) => void }) => ReactNode;
  /** For the owner of a building for sale: the way to take it off the market (a button and its confirmation). */
  cancelSale?: (sale: {
    propertyId: string;
    name: string;
    ask: number;
    onNotice: (notice: string) => void;
  }) => ReactNode;
  /** For every player, in the header: the star that puts the building on their watchlist. */
  watchToggle?: (building: { buildingId: string; name: string }) => ReactNode;
}

export function PropertyDetailsRoute({ ownerBids, cancelSale, watchToggle }: PropertyDetailsParts = {}) {
  const [params, setParams] = useSearchParams();
  const selection = readSelection(params);
  const navigate = useNavigate();
  const viewerId = getUserId();

  const details = usePropertyDetails(selection.id);
  const history = usePriceHistory(selection.id);
  const rename = useRenameBuilding();
  const [openDialog, setOpenDialog] = useState<PropertyAction | "rename" | null>(null);
  // What the owner's last decision here did, said where it was taken: the sale cancelled, a bid accepted or declined.
  const [saleNotice, setSaleNotice] = useState<string | null>(null);
  const [bidNotice, setBidNotice] = useState<string | null>(null);

  const property = details.data;
  const name = property?.name || selection.name;
  const price = property?.price ?? selection.price;
  const lat = property?.location.lat ?? selection.lat;
  const lng = property?.location.lng ?? selection.lng;
  const isOwner = property !== undefined && property.ownerId !== null && property.ownerId === viewerId;
  const action = property ? chooseAction(property, viewerId) : null;
  // The owner's listing shows as what it is: for sale at the ask, with Change ask and Cancel Sale.
  const isOwnListing = isOwner && property?.forSale === true;
  useDocumentTitle(name);

  const goBack = () => {
    // A page opened straight from the map (a full navigation) has no history inside the app.
    if (hasAppHistory()) void navigate(-1);
    else window.location.assign(paths.map);
  };

  const close = () => setOpenDialog(null);

  const handleRename = (newName: string) => {
    if (!property) return;
    rename.mutate(
      { buildingId: property.buildingId, name: newName, location: property.location },
      {
        onSuccess: (renamed) => {
          setOpenDialog(null);
          // The address bar carries the name too, so a reload shows the new one at once.
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.set("name", renamed.name);
              return next;
            },
            { replace: true },
          );
        },
        // A failed rename is only logged, by the product's choice. The dialog stays open to try again.
        onError: (cause) => console.error("Building rename failed", cause),
      },
    );
  };

  const goToReview = (to: string, state: Record<string, unknown>) => {
    setOpenDialog(null);
    void navigate(to, { state });
  };

  let detailsProblem: string | null = null;
  if (!selection.id) detailsProblem = errors.noPropertyDetails;
  else if (details.isError) detailsProblem = propertyDetailsErrorText(details.error);

  return (
    <div className="property">
      <header className="page-header property__header">
        <button type="button" className="icon-button" aria-label={propertiesCopy.back} onClick={goBack}>
          <ArrowLeftIcon size={22} />
        </button>
        <h1 className="page-header__title property__title">{name}</h1>
        {isOwner ? (
          <button
            type="button"
            className="icon-button"
            aria-label={propertiesCopy.editName}
            onClick={() => {
              rename.reset();
              setOpenDialog("rename");
            }}
          >
            <PencilIcon size={20} />
          </button>
        ) : null}
        {selection.id && watchToggle ? watchToggle({ buildingId: selection.id, name }) : null}
      </header>

      <ErrorBox>{detailsProblem}</ErrorBox>

      <section className="property-card" aria-label={propertiesCopy.detailsTitle}>
        {property?.forSale ? <span className="property-badge">{propertiesCopy.forSale}</span> : null}
        {property?.status === "held" && property.heldUntil ? (
          <span className="property-badge property-badge--held">
            {propertiesCopy.heldUntil(formatDateTime(property.heldUntil * 1000))}
          </span>
        ) : null}
        <div className="property-card__price-block">
          <p className="property-card__label">
            {property?.forSale ? propertiesCopy.askingPrice : propertiesCopy.price}
          </p>
          <p className="property-card__price">{formatDollars(price)}</p>
          {/* An ask is shown as an ask: the building's own value beside it, which the ask never moves. */}
          {property?.forSale ? (
            <p className="property-card__value">
              {propertiesCopy.value}: {formatDollars(property.value)}
            </p>
          ) : null}
          {/* Only against the server's price: the address bar's may be stale or missing (0). */}
          {property ? (
            <PriceChange
              history={history.data}
              listing={property.forSale ? { ask: property.price, value: property.value } : null}
            />
          ) : null}
        </div>

        <dl className="property-facts">
          <Fact label={propertiesCopy.owner}>{ownerText(property, isOwner, details.isLoading)}</Fact>
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

        {property?.ownerId && !isOwner ? (
          <div className="property-card__reports">
            <ReportButton
              targetType="building"
              targetId={property.buildingId}
              targetName={property.name}
              label="Report this name"
            />
            <ReportButton
              targetType="player"
              targetId={property.ownerId}
              targetName={property.ownerName ?? "the owner"}
              label="Report the owner"
            />
          </div>
        ) : null}

        <StatusNote>{saleNotice}</StatusNote>
        {property && isOwnListing ? (
          <div className="property-listing" data-testid="own-listing">
            <p className="property-listing__state">
              {propertiesCopy.forSaleAt(formatDollars(property.price))}
            </p>
            <div className="property-listing__actions">
              <Button className="btn--inline" onClick={() => setOpenDialog("sellOrAsk")}>
                {propertiesCopy.changeAsk}
              </Button>
              {cancelSale?.({
                propertyId: property._id,
                name: property.name,
                ask: property.price,
                onNotice: setSaleNotice,
              })}
            </div>
          </div>
        ) : action ? (
          <Button block className="btn--large property-card__action" onClick={() => setOpenDialog(action)}>
            {actionLabels[action]}
          </Button>
        ) : null}
      </section>

      {property ? (
        <DevelopPanel
          property={property}
          isOwner={isOwner}
          onDevelop={(option) => goToReview(webPaths.developReview, { property, option })}
        />
      ) : null}

      <MarketPanel
        buildingId={property?.buildingId ?? ""}
        ownerBids={
          property && isOwner && ownerBids
            ? ownerBids({ buildingId: property.buildingId, onNotice: setBidNotice })
            : undefined
        }
        notice={bidNotice}
      />

      <section className="property-history" aria-labelledby="price-history-title">
        <h2 id="price-history-title" className="property-history__title">
          {propertiesCopy.priceHistory}
        </h2>
        <PriceHistory id={selection.id} history={history} />
      </section>

      {property ? (
        <>
          <RenameDialog
            isOpen={openDialog === "rename"}
            currentName={property.name}
            isSaving={rename.isPending}
            onCancel={close}
            onSave={handleRename}
          />
          <PriceDialog
            isOpen={openDialog === "buyOrBid"}
            title={texts.buildingPrice}
            prompt={texts.buildingPricePrompt}
            hint={propertiesCopy.basePriceHint(property.basePrice)}
            initialPrice={property.basePrice}
            min={property.basePrice}
            check={(offer) =>
              cents(offer) < cents(property.basePrice)
                ? propertiesCopy.atLeastBasePrice(property.basePrice)
                : null
            }
            onCancel={close}
            onSubmit={(offer) => {
              goToReview(paths.orderReview, { property, price: offer });
              return null;
            }}
          />
          <PriceDialog
            isOpen={openDialog === "sellOrAsk"}
            title={propertiesCopy.sellTitle}
            prompt={propertiesCopy.sellPrompt}
            hint={propertiesCopy.sellHint}
            initialPrice={property.price}
            onCancel={close}
            onSubmit={(ask) => {
              if (!property._id) return errors.missingPropertyId;
              goToReview(paths.sellReview, { property, price: ask });
              return null;
            }}
          />
          <PriceDialog
            isOpen={openDialog === "createBid"}
            title={texts.bidPrice}
            prompt={propertiesCopy.bidPrompt}
            hint={propertiesCopy.bidHint(property.price)}
            min={(cents(property.price) + 1) / 100}
            check={(bid) =>
              cents(bid) <= cents(property.price) ? formats.bidTooLow(formatDollars(property.price)) : null
            }
            onCancel={close}
            onSubmit={(bid) => {
              goToReview(paths.bidReview, { property, bidAmount: bid });
              return null;
            }}
          />
        </>
      ) : null}
    </div>
  );
}

/** Who owns it: the owner's name links to their public profile. */
function ownerText(property: Property | undefined, isOwner: boolean, isLoading: boolean): ReactNode {
  if (!property) return isLoading ? texts.loading : "—";
  if (isOwner) return propertiesCopy.you;
  if (property.ownerId === null) return propertiesCopy.unowned;
  return property.ownerName ? <PlayerLink userName={property.ownerName} /> : "—";
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="property-facts__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function HistoryLoading() {
  return (
    <p className="property-history__note" role="status">
      {texts.loading}
    </p>
  );
}

function PriceHistory({ id, history }: { id: string; history: ReturnType<typeof usePriceHistory> }) {
  if (!id) return <p className="property-history__note">{texts.noData}</p>;
  if (history.isPending) return <HistoryLoading />;
  if (history.isError) return <ErrorBox>{historyErrorText(history.error)}</ErrorBox>;
  if (history.data.length === 0) return <p className="property-history__note">{texts.noData}</p>;
  return (
    <Suspense fallback={<HistoryLoading />}>
      <PriceHistoryChart points={history.data} />
    </Suspense>
  );
}
