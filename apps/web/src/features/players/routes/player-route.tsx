import { paths } from "@mx/shared/routes";
import { PLAYER_PROFILE_LIMITS, type PlayerProfileData } from "@mx/shared/schemas/players";
import { Link, useNavigate, useParams } from "react-router";
import { ArrowLeftIcon } from "../../../components/ui/icons";
import { LoadError } from "../../../components/ui/load-error";
import { PageHeader } from "../../../components/ui/page-header";
import { PageSpinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-client";
import { hasAppHistory } from "../../../lib/app-history";
import { hasSession } from "../../../lib/session";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { isNoSuchPlayer, usePlayer } from "../api/get-player";
import { CollectionBadges } from "../components/collection-badges";
import { HoldingsList } from "../components/holdings-list";
import { HoldingsMap } from "../components/holdings-map";
import { PlayerSection } from "../components/player-section";
import { PlayerName, PlayerSummary } from "../components/player-summary";
import { RecentTrades } from "../components/recent-trades";
import { playersCopy } from "../copy";
import "../players.css";

/** Back to the page that led here; opened directly, to the leaderboard (or, signed out, the home page). */
function BackControl() {
  const navigate = useNavigate();
  if (hasAppHistory()) {
    return (
      <button
        type="button"
        className="icon-button"
        aria-label={playersCopy.back}
        onClick={() => void navigate(-1)}
      >
        <ArrowLeftIcon size={22} />
      </button>
    );
  }
  return (
    <Link
      className="icon-button"
      to={hasSession() ? paths.leaderboard : paths.landing}
      aria-label={playersCopy.back}
    >
      <ArrowLeftIcon size={22} />
    </Link>
  );
}

/** The holdings: the map and list, or the word that the player keeps them private, or that there are none. */
function Holdings({ player }: { player: PlayerProfileData }) {
  if (player.holdingsHidden || !player.buildings) {
    return (
      <p className="player-section__empty" data-testid="holdings-hidden">
        {playersCopy.holdingsHidden}
      </p>
    );
  }
  if (player.buildings.length === 0) return <p className="player-section__empty">{playersCopy.noHoldings}</p>;
  return (
    <>
      <HoldingsMap buildings={player.buildings} color={player.buildingColor} />
      <HoldingsList buildings={player.buildings} />
      {player.holdings.count > player.buildings.length ? (
        <p className="player-section__note">
          {playersCopy.showingMostValuable(PLAYER_PROFILE_LIMITS.buildings, player.holdings.count)}
        </p>
      ) : null}
    </>
  );
}

/**
 * /players/:userName: a player's public profile, open signed out too. The summary, then one section per part of
 * the profile (holdings, collections, recent trades); another part is one more `PlayerSection` in the list below.
 */
export function PlayerRoute() {
  const { userName = "" } = useParams();
  const player = usePlayer(userName);
  useDocumentTitle(player.data ? playersCopy.documentTitle(player.data.userName) : playersCopy.noSuchPlayer);

  if (player.isPending) return <PageSpinner />;
  if (player.isError) {
    if (isNoSuchPlayer(player.error)) {
      return (
        <div className="player player--missing">
          <PageHeader title={playersCopy.noSuchPlayer} lead={<BackControl />} />
          <p className="player-section__empty">{playersCopy.noSuchPlayerHint}</p>
          {hasSession() ? <Link to={paths.leaderboard}>{playersCopy.toLeaderboard}</Link> : null}
        </div>
      );
    }
    return (
      <div className="player">
        <PageHeader title={userName} lead={<BackControl />} />
        <LoadError onRetry={() => void player.refetch()} isRetrying={player.isFetching}>
          {errorMessage(player.error, playersCopy.loadFailed)}
        </LoadError>
      </div>
    );
  }

  const data = player.data;
  return (
    <div className="player" data-player={data.userName}>
      <PageHeader
        title={<PlayerName player={data} />}
        titleClassName="player__title"
        lead={<BackControl />}
      />
      <PlayerSummary player={data} />
      <div className="player__sections">
        <PlayerSection title={playersCopy.holdingsTitle} className="player-section--holdings">
          <Holdings player={data} />
        </PlayerSection>
        <PlayerSection title={playersCopy.collectionsTitle} className="player-section--collections">
          <CollectionBadges collections={data.collections} />
        </PlayerSection>
        <PlayerSection title={playersCopy.tradesTitle} className="player-section--trades">
          <RecentTrades trades={data.recentTrades} />
        </PlayerSection>
      </div>
    </div>
  );
}
