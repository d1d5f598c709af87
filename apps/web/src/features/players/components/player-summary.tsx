import { DEFAULT_BUILDING_COLOR } from "@mx/shared/constants";
import { formatCents } from "@mx/shared/money";
import type { PlayerProfileData } from "@mx/shared/schemas/players";
import { playersCopy } from "../copy";

const monthYear = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric" });

/** When the player joined, and what they hold: counted as the leaderboard counts it, hidden list or not. */
export function PlayerSummary({ player }: { player: PlayerProfileData }) {
  return (
    <div className="player-summary">
      <p className="player-summary__joined">
        {playersCopy.joined(monthYear.format(new Date(player.joinedAt)))}
      </p>
      <dl className="player-summary__figures">
        <div className="player-summary__figure">
          <dt>{playersCopy.buildingsHeld}</dt>
          <dd data-testid="holdings-count">{player.holdings.count}</dd>
        </div>
        <div className="player-summary__figure">
          <dt>{playersCopy.totalValue}</dt>
          <dd data-testid="holdings-value">{formatCents(player.holdings.totalValueCents)}</dd>
        </div>
      </dl>
    </div>
  );
}

/** The player's name beside a swatch of the colour their buildings are drawn in. */
export function PlayerName({ player }: { player: PlayerProfileData }) {
  return (
    <span className="player-name">
      <span
        className="player-name__swatch"
        aria-hidden="true"
        style={{ backgroundColor: player.buildingColor || DEFAULT_BUILDING_COLOR }}
      />
      {player.userName}
    </span>
  );
}
