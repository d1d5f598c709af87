import { paths } from "@mx/shared/routes";
import { BrandMark } from "../../../components/ui/brand-mark";
import "../map-placeholder.css";

/** Stands in for the 3D map page until the MapLibre map replaces it. */
export function MapPlaceholderPage() {
  return (
    <div className="map-page">
      <header className="map-page__header">
        <BrandMark />
        <nav aria-label="Main">
          <ul className="map-page__links">
            <li>
              <a href={paths.profile}>Profile</a>
            </li>
            <li>
              <a href={paths.leaderboard}>Leaderboard</a>
            </li>
          </ul>
        </nav>
      </header>
      <main id="main" className="map-page__main">
        <div className="map-page__note">
          <h1 className="map-page__title">The map of Manhattan</h1>
          <p>The 3D map of Manhattan loads here: every building you can buy, bid on and sell.</p>
        </div>
      </main>
    </div>
  );
}
