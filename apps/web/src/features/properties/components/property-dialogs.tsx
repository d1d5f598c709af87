import { errors, formats, texts } from "@mx/shared/messages";
import { formatDollars } from "@mx/shared/money";
import { paths } from "@mx/shared/routes";
import type { Property } from "@mx/shared/schemas/properties";
import { propertiesCopy } from "../copy";
import type { PropertyAction } from "../property-action";
import { PriceDialog } from "./price-dialog";
import { RenameDialog } from "./rename-dialog";

const cents = (dollars: number) => Math.round(dollars * 100);

interface PropertyDialogsProps {
  property: Property;
  openDialog: PropertyAction | "rename" | null;
  isRenaming: boolean;
  onRename: (name: string) => void;
  onClose: () => void;
  /** Leaves for a review screen with what it reviews. */
  onReview: (to: string, state: Record<string, unknown>) => void;
}

/** Property Details' dialogs: the owner's new name, and the price of a purchase, an ask or a bid before its review. */
export function PropertyDialogs({
  property,
  openDialog,
  isRenaming,
  onRename,
  onClose,
  onReview,
}: PropertyDialogsProps) {
  return (
    <>
      <RenameDialog
        isOpen={openDialog === "rename"}
        currentName={property.name}
        isSaving={isRenaming}
        onCancel={onClose}
        onSave={onRename}
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
        onCancel={onClose}
        onSubmit={(offer) => {
          onReview(paths.orderReview, { property, price: offer });
          return null;
        }}
      />
      <PriceDialog
        isOpen={openDialog === "sellOrAsk"}
        title={propertiesCopy.sellTitle}
        prompt={propertiesCopy.sellPrompt}
        hint={propertiesCopy.sellHint}
        initialPrice={property.price}
        onCancel={onClose}
        onSubmit={(ask) => {
          if (!property._id) return errors.missingPropertyId;
          onReview(paths.sellReview, { property, price: ask });
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
        onCancel={onClose}
        onSubmit={(bid) => {
          onReview(paths.bidReview, { property, bidAmount: bid });
          return null;
        }}
      />
    </>
  );
}
