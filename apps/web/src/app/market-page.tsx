import { MarketRoute } from "../features/market/routes/market-route";
import { WatchToggle } from "../features/watchlist/components/watch-toggle";

/** The market with the watchlist feature's star on each listing, compact to fit its rows. */
export function MarketPage() {
  return <MarketRoute watchToggle={(building) => <WatchToggle building={building} compact />} />;
}
