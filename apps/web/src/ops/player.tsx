import { PlayerDetail } from "@mx/shared/schemas/ops";
import { useState } from "react";
import { z } from "zod";
import { ErrorBox, StatusNote } from "../components/ui/error-box";
import { Spinner } from "../components/ui/spinner";
import { DisputeTable } from "./dispute-table";
import { opsRequest, when } from "./ops-api";
import { PlayerActions } from "./player-actions";
import { PlayerHistory, PlayerTrades } from "./player-records";
import { LiftRestriction } from "./restricted";
import { useLoad } from "./use-load";

/** One player in full: their profile, the actions on them, and their records. */
export function Player({ id, canRefund }: { id: string; canRefund: boolean }) {
  const detail = useLoad(() => opsRequest(`/ops/players/${id}`, PlayerDetail).then((r) => r.data), id);
  const [note, setNote] = useState<string | null>(null);
  const act = (path: string, body?: unknown) => async () => {
    const done = await opsRequest(path, z.unknown(), { method: "POST", body });
    setNote(done.message);
    detail.reload();
  };
  if (detail.loading && !detail.value) return <Spinner showLabel />;
  if (detail.error || !detail.value) return <ErrorBox>{detail.error}</ErrorBox>;
  const { profile, holdings, ledger, purchases, developments, bids, payouts, sessions, reports, disputes } =
    detail.value;
  return (
    <article className="ops__player" aria-label={`Player ${profile.userName ?? profile.id}`}>
      <PlayerFacts profile={profile} />
      {note ? <StatusNote>{note}</StatusNote> : null}
      <PlayerActions id={id} profile={profile} act={act} />
      {profile.restriction && canRefund ? (
        <div className="ops__actions">
          <LiftRestriction
            id={id}
            name={profile.userName ?? "The player"}
            done={(text) => {
              setNote(text);
              detail.reload();
            }}
          />
        </div>
      ) : null}
      <PlayerTrades
        holdings={holdings}
        purchases={purchases}
        developments={developments}
        canRefund={canRefund}
        disputed={new Set(disputes.map((d) => d.subjectId))}
        act={act}
      />
      <DisputeTable caption="Disputes of their payments" disputes={disputes} />
      <PlayerHistory bids={bids} payouts={payouts} ledger={ledger} sessions={sessions} reports={reports} />
    </article>
  );
}

/** The player's profile as a list of facts: names, e-mail, id, colour, role, freezes and restriction. */
function PlayerFacts({ profile }: { profile: PlayerDetail["profile"] }) {
  return (
    <dl className="ops__facts">
      <dt>Username</dt>
      <dd data-testid="player-username">{profile.userName ?? "(deleted)"}</dd>
      <dt>Full name</dt>
      <dd>{profile.fullName}</dd>
      <dt>E-mail</dt>
      <dd>{profile.email ?? "—"}</dd>
      <dt>Id</dt>
      <dd>
        <code>{profile.id}</code>
      </dd>
      <dt>Colour</dt>
      <dd>
        <span className="ops__swatch" style={{ background: profile.buildingColor }} aria-hidden="true" />{" "}
        {profile.buildingColor}
      </dd>
      <dt>Joined</dt>
      <dd>{when(profile.createdAt)}</dd>
      <dt>Role</dt>
      <dd>{profile.role ?? "player"}</dd>
      <dt>Trading</dt>
      <dd>{profile.tradingFrozenReason ? `frozen: ${profile.tradingFrozenReason}` : "open"}</dd>
      <dt>Payouts</dt>
      <dd>{profile.payoutsFrozenReason ? `frozen: ${profile.payoutsFrozenReason}` : "open"}</dd>
      <dt>Restriction</dt>
      <dd data-testid="player-restriction">
        {profile.restriction
          ? `restricted since ${when(profile.restriction.since)}: ${profile.restriction.reason}`
          : "none"}
      </dd>
    </dl>
  );
}
