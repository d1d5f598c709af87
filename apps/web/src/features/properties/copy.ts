import { ASK_PROCESSING_FEE_CENTS, LIMITS } from "@mx/shared/constants";
import { formatCents, formatDollars } from "@mx/shared/money";

/**
 * This feature's own screen copy, free to change. Texts the product fixes word for word come from
 * @mx/shared/messages (docs/decisions/0003-texts-fixed-word-for-word.md).
 */
export const propertiesCopy = {
  detailsTitle: "Property details",
  back: "Back",
  editName: "Edit building name",
  nameLabel: "Name",
  nameHint: `1 to ${LIMITS.buildingNameMax} characters.`,
  nameRequired: `Enter a name of 1 to ${LIMITS.buildingNameMax} characters.`,
  price: "Price",
  askingPrice: "Asking price",
  changeLabel: "Change since the first recorded price",
  since: (date: string) => `since ${date}`,
  latitude: "Latitude",
  longitude: "Longitude",
  owner: "Owner",
  you: "You",
  unowned: "Unowned",
  forSale: "For sale",
  address: "Address",
  neighborhood: "Neighbourhood",
  floors: "Floors",
  height: "Height",
  yearBuilt: "Year built",
  priceHistory: "Price history",
  historySummary: "Price history points",
  date: "Date",
  amount: "Price",
  cancel: "Cancel",
  continue: "Continue",
  atLeastBasePrice: (basePrice: number) =>
    `The price must be at least the base price of ${formatDollars(basePrice)}.`,
  basePriceHint: (basePrice: number) => `Base price: ${formatDollars(basePrice)}. Offer at least this much.`,
  bidHint: (price: number) => `The asking price is ${formatDollars(price)}. Your bid must be higher.`,
  sellTitle: "Asking price",
  sellPrompt: "Please enter the price you want to sell this building for",
  sellHint: `A processing fee of ${formatCents(ASK_PROCESSING_FEE_CENTS)} is taken from the sale.`,
  bidPrompt: "Please enter the amount you want to bid for this building",
  myPropertiesTitle: "My Properties",
  payoutsReady: "Payouts are set up. You can now put your buildings up for sale.",
  payoutsUnfinished: "Payout setup is not finished yet. You can continue it when you next place an ask.",
  backToProfile: "Back to profile",
  pagesLabel: "My properties pages",
  propertyCount: (count: number) => (count === 1 ? "1 property" : `${count} properties`),
  metres: (value: number) => `${value.toLocaleString("en-US", { maximumFractionDigits: 1 })} m`,
} as const;
