import { MAX_DEVELOPMENT_LEVEL } from "@mx/shared/constants";
import { marketTexts, texts } from "@mx/shared/messages";

/**
 * The map page's own words. Texts the product fixes word for word come from @mx/shared/messages
 * (docs/decisions/0003-texts-fixed-word-for-word.md).
 */
export const mapTexts = {
  pageHeading: "Map of Manhattan",
  profile: "Profile",
  market: marketTexts.market,
  leaderboard: "Leaderboard",
  mainNav: "Main",
  searchLabel: "Search buildings",
  searchPlaceholder: "Search a building or address",
  searchResults: "Buildings",
  clearSearch: "Clear search",
  searching: "Searching…",
  searchFailed: "Search is not available right now. Try again in a moment.",
  noBuildingsFound: "No buildings found",
  resultDetail: (neighborhood: string | null, floors: number | null) =>
    [neighborhood, floors ? `${floors} ${floors === 1 ? "floor" : "floors"}` : null]
      .filter(Boolean)
      .join(" · "),
  resultsFound: (n: number) => (n === 1 ? "1 building found" : `${n} buildings found`),
  loadingMap: "Loading the map of Manhattan…",
  mapFailed: "The map could not be loaded.",
  checkConnection: "Check your connection and try again.",
  noWebGl: "This browser cannot draw the 3D map (WebGL is turned off or not supported).",
  retry: "Retry",
  legend: "Legend",
  legendUnowned: "Unowned",
  legendOwned: "Owned",
  legendOwnedHint: "in its owner's colour",
  legendForSale: "For sale",
  legendSelected: "Selected",
  selectedBuilding: "Selected building",
  close: "Close",
  price: "Price",
  owner: "Owner",
  location: "Location",
  unowned: "No owner yet",
  forSale: "For sale",
  heldUntil: (when: string) => `Held until ${when}`,
  underConstruction: "Under construction",
  developed: "Developed",
  developmentLevel: (level: number) => `Level ${level} of ${MAX_DEVELOPMENT_LEVEL}`,
  legendDeveloped: "Developed",
  legendDevelopedHint: "from afar, a dot numbered by level",
  legendScaffolding: "Under construction",
  legendScaffoldingHint: "grey scaffolding on top, a striped square from afar",
  detailsFailed: "The latest price could not be loaded.",
  propertyDetails: "Property Details",
  guideCount: (step: number, of: number) => `Getting started · ${step} of ${of}`,
  guideSteps: [
    {
      title: "Find a building",
      text: "Search a name or an address, or tap any building. Its Property Details let you buy it, or bid when its owner has it for sale.",
    },
    {
      title: "Make it yours",
      text: "A building you own takes your colour. Rename it, develop it in four levels to raise its value, or put it up for sale at your ask.",
    },
    {
      title: "Follow the market",
      text: "The Market lists every building for sale and the latest trades; your Portfolio shows what each building cost you and what it is worth.",
    },
  ],
  guideSkip: "Skip",
  guideNext: "Next",
  guideDone: "Start playing",
  loading: texts.loading,
  noName: texts.noName,
} as const;
