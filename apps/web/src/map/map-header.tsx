import { paths } from "@mx/shared/routes";
import type { BuildingSearchResult } from "@mx/shared/schemas/properties";
import { ActivityBell } from "../components/activity-bell/activity-bell";
import { BrandMark } from "../components/ui/brand-mark";
import { mapTexts } from "./copy";
import { SearchBox } from "./search-box";

/** The map's header: the brand, the building search, the main links and the activity bell. */
export function MapHeader({ onChoose }: { onChoose: (result: BuildingSearchResult) => void }) {
  return (
    <header className="mx-map__header">
      <span className="mx-map__brand">
        <BrandMark compact />
      </span>
      <SearchBox onChoose={onChoose} />
      <nav className="mx-map__nav" aria-label={mapTexts.mainNav}>
        <a href={paths.market}>{mapTexts.market}</a>
        <a href={paths.profile}>{mapTexts.profile}</a>
        <a href={paths.leaderboard}>{mapTexts.leaderboard}</a>
      </nav>
      <ActivityBell />
    </header>
  );
}
