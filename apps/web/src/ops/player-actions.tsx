import type { PlayerDetail } from "@mx/shared/schemas/ops";
import { ConfirmAction } from "./confirm-action";

/** Makes the run of an action that posts to `path` (with `body`), notes the reply and reloads the player. */
export type PlayerAct = (path: string, body?: unknown) => () => Promise<void>;

/** The actions on a player: freezes of trading and payouts (or their lifting), ending sessions, resets. */
export function PlayerActions({
  id,
  profile,
  act,
}: {
  id: string;
  profile: PlayerDetail["profile"];
  act: PlayerAct;
}) {
  return (
    <div className="ops__actions">
      {profile.tradingFrozenReason ? (
        <ConfirmAction
          label="Lift trading freeze"
          title="Lift the trading freeze"
          question="The player may trade again."
          run={act(`/ops/players/${id}/freeze`, { trading: null })}
        />
      ) : (
        <ConfirmAction
          label="Freeze trading"
          title="Freeze trading"
          question="Buying, bidding, asking and developing are refused with your reason."
          reasonLabel="Reason the player sees"
          variant="danger"
          run={(reason) => act(`/ops/players/${id}/freeze`, { trading: reason })()}
        />
      )}
      {profile.payoutsFrozenReason ? (
        <ConfirmAction
          label="Lift payouts freeze"
          title="Lift the payouts freeze"
          question="The player may withdraw again."
          run={act(`/ops/players/${id}/freeze`, { payouts: null })}
        />
      ) : (
        <ConfirmAction
          label="Freeze payouts"
          title="Freeze payouts"
          question="Payout requests are refused with your reason."
          reasonLabel="Reason the player sees"
          variant="danger"
          run={(reason) => act(`/ops/players/${id}/freeze`, { payouts: reason })()}
        />
      )}
      <ConfirmAction
        label="End sessions"
        title="End every session"
        question="The player is signed out everywhere."
        run={act(`/ops/players/${id}/revoke-sessions`)}
      />
      <ConfirmAction
        label="Reset username"
        title="Reset the username"
        question="The username becomes a neutral player-xxxxxx."
        run={act(`/ops/players/${id}/reset-username`)}
      />
      <ConfirmAction
        label="Reset colour"
        title="Reset the colour"
        question="The player's buildings are drawn white again."
        run={act(`/ops/players/${id}/reset-colour`)}
      />
    </div>
  );
}
