import { errors, texts } from "@mx/shared/messages";
import type { Property } from "@mx/shared/schemas/properties";
import { type ReactNode, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ErrorBox } from "../../../components/ui/error-box";
import { getUserId } from "../../../lib/session";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { webPaths } from "../../../lib/web-paths";
import { usePriceHistory } from "../api/get-price-history";
import { propertyDetailsErrorText, usePropertyDetails } from "../api/get-property-details";
import { useRenameBuilding } from "../api/rename-building";
import { BuildingMarket, type OwnerBids } from "../components/building-market";
import { DevelopPanel } from "../components/develop-panel";
import { PriceHistorySection } from "../components/price-history-section";
import { PropertyCard } from "../components/property-card";
import { PropertyDialogs } from "../components/property-dialogs";
import { PropertyHeader } from "../components/property-header";
import { chooseAction, type PropertyAction } from "../property-action";
import "../properties.css";

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

/** What another feature shows on this page, handed in by the app (features never import each other). */
export interface PropertyDetailsParts {
  /** For the owner, in the market panel: the pending bids on the building, each with Accept and Decline. */
  ownerBids?: OwnerBids;
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

/** Property Details: the building's card, its development, its market and its price history, and its dialogs. */
export function PropertyDetailsRoute({ ownerBids, cancelSale, watchToggle }: PropertyDetailsParts = {}) {
  const [params] = useSearchParams();
  const selection = readSelection(params);
  const viewerId = getUserId();

  const details = usePropertyDetails(selection.id);
  const history = usePriceHistory(selection.id);
  const dialog = usePropertyDialog();

  const property = details.data;
  const name = property?.name || selection.name;
  const isOwner = property !== undefined && property.ownerId !== null && property.ownerId === viewerId;
  useDocumentTitle(name);

  return (
    <div className="property">
      <PropertyHeader
        name={name}
        // A frozen building keeps its name until the dispute is decided (the card says why).
        onEditName={isOwner && property?.frozen !== true ? dialog.editName : null}
        watch={selection.id && watchToggle ? watchToggle({ buildingId: selection.id, name }) : null}
      />

      <ErrorBox>
        {selection.id
          ? details.isError
            ? propertyDetailsErrorText(details.error)
            : null
          : errors.noPropertyDetails}
      </ErrorBox>

      <PropertyCard
        property={property}
        selection={selection}
        isOwner={isOwner}
        isLoading={details.isLoading}
        history={history.data}
        action={property ? chooseAction(property, viewerId) : null}
        onAction={dialog.open}
        cancelSale={
          property && cancelSale
            ? (onNotice) =>
                cancelSale({ propertyId: property._id, name: property.name, ask: property.price, onNotice })
            : null
        }
      />

      {property ? (
        <DevelopPanel
          property={property}
          isOwner={isOwner}
          onDevelop={(option) => dialog.goToReview(webPaths.developReview, { property, option })}
        />
      ) : null}

      <BuildingMarket property={property} isOwner={isOwner} ownerBids={ownerBids} />

      <PriceHistorySection id={selection.id} history={history} />

      {property ? (
        <PropertyDialogs
          property={property}
          openDialog={dialog.openDialog}
          isRenaming={dialog.rename.isPending}
          onRename={(newName) => dialog.rename.save(property, newName)}
          onClose={dialog.close}
          onReview={dialog.goToReview}
        />
      ) : null}
    </div>
  );
}

/** The dialog open on the page (rename, or a price before its review), and the ways to open and leave it. */
function usePropertyDialog() {
  const navigate = useNavigate();
  const [openDialog, setOpenDialog] = useState<PropertyAction | "rename" | null>(null);
  const close = () => setOpenDialog(null);
  const rename = useRenameOnPage(close);
  return {
    openDialog,
    open: setOpenDialog,
    close,
    rename,
    /** The owner's Edit name: a fresh rename. */
    editName: () => {
      rename.reset();
      setOpenDialog("rename");
    },
    /** Leaves for a review screen with what it reviews. */
    goToReview: (to: string, state: Record<string, unknown>) => {
      setOpenDialog(null);
      void navigate(to, { state });
    },
  };
}

/** The owner's rename: saved, then the dialog closes and the address bar carries the new name too. */
function useRenameOnPage(onRenamed: () => void) {
  const [, setParams] = useSearchParams();
  const rename = useRenameBuilding();
  const save = (property: Property, newName: string) =>
    rename.mutate(
      { buildingId: property.buildingId, name: newName, location: property.location },
      {
        onSuccess: (renamed) => {
          onRenamed();
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
  return { save, reset: rename.reset, isPending: rename.isPending };
}
