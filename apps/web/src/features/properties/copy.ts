import { ASK_PROCESSING_FEE_CENTS, LIMITS, MAX_DEVELOPMENT_LEVEL } from "@mx/shared/constants";
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
  /** A name every player would see that the rules refuse (shown-names.ts), saying why. */
  nameRefused: (reason: string) => `This name ${reason}.`,
  price: "Price",
  askingPrice: "Asking price",
  /** The asking price against the building's own value. */
  askAgainstValue: (change: string, percent: string, direction: "up" | "down", value: string) =>
    `Asking ${change}${percent ? ` (${percent})` : ""} ${direction === "up" ? "above" : "below"} its value of ${value}`,
  askAtValue: (value: string) => `Asking exactly its value of ${value}`,
  /** The value's change from the first price-history point (a sale) to the last (a sale or a development). */
  valueChange: (change: string, percent: string, direction: "up" | "down", from: string, date: string) =>
    `Value ${direction} ${change}${percent ? ` (${percent})` : ""} since its first recorded price, ${from} on ${date}`,
  valueUnchanged: (from: string, date: string) =>
    `Value unchanged since its first recorded price, ${from} on ${date}`,
  latitude: "Latitude",
  longitude: "Longitude",
  owner: "Owner",
  you: "You",
  unowned: "Unowned",
  forSale: "For sale",
  /** The owner's own listing. */
  forSaleAt: (ask: string) => `For sale at ${ask}`,
  changeAsk: "Change ask",
  /** A buyer's payment waits for their approval: nobody else can buy it until then. */
  heldUntil: (when: string) => `Held until ${when}`,
  address: "Address",
  neighborhood: "Neighbourhood",
  floors: "Floors",
  height: "Height",
  yearBuilt: "Year built",
  priceHistory: "Price history",
  historySummary: "Price history points",
  date: "Date",
  amount: "Price",
  pointKind: "What",
  salePoint: "Sale",
  developmentPoint: "Development: the value rose, no sale",
  developmentLegend: "Development finished: the value rose by its cost (not a sale)",
  value: "Value",
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

/** The Develop section of Property Details. */
export const developCopy = {
  title: "Development",
  levelOf: (level: number) => `Level ${level} of ${MAX_DEVELOPMENT_LEVEL}`,
  undeveloped: "Not developed yet",
  fullyDeveloped: "Fully developed: every development is built.",
  stepsLabel: "Developments",
  built: "Built",
  building: "Under construction",
  next: "Next",
  later: "Later",
  scaffolding: (name: string) => `Scaffolding is up: ${name} is being built.`,
  finishesIn: "Finishes in",
  finishing: "Finishing…",
  spokenLeft: (name: string, left: string) => `${name}: ${left}.`,
  nextTitle: (name: string) => `Next: ${name}`,
  cost: "Cost",
  salesTax: "Sales tax",
  processingFee: "Processing fee",
  total: "Total",
  duration: "Construction time",
  develop: (name: string) => `Develop: ${name}`,
  valueNote: "When construction finishes, the building's price rises by the cost (fee and tax excluded).",
  loading: "Loading developments…",
  loadFailed: "The developments could not be loaded.",
  otherPlayer: "Only the owner can develop this building.",
} as const;
