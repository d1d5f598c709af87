import { RestrictedPlayerPage } from "@mx/shared/schemas/ops";
import { useState } from "react";
import { z } from "zod";
import { Button } from "../components/ui/button";
import { ErrorBox, StatusNote } from "../components/ui/error-box";
import { Spinner } from "../components/ui/spinner";
import { ConfirmAction } from "./confirm-action";
import { opsRequest, when } from "./ops-api";
import { Table } from "./ops-table";
import { useCursorList } from "./use-cursor-list";

/** The lift of a player's restriction, with a note for the audit log; `done` gets the server's words. */
export function LiftRestriction({
  id,
  name,
  done,
}: {
  id: string;
  name: string;
  done: (note: string) => void;
}) {
  return (
    <ConfirmAction
      label="Lift restriction"
      title="Lift the restriction"
      question={`${name} may pay by card or PayPal and withdraw again.`}
      reasonLabel="Note for the audit log"
      run={async (note) => {
        const lifted = await opsRequest(`/ops/players/${id}/restriction/lift`, z.unknown(), {
          method: "POST",
          body: { note },
        });
        done(lifted.message);
      }}
    />
  );
}

/** Restricted accounts: players a lost dispute or an early fraud warning stopped from paying and withdrawing. */
export function Restricted() {
  const [note, setNote] = useState<string | null>(null);
  const list = useCursorList(
    (cursor) =>
      opsRequest(`/ops/restricted-players${cursor ? `?cursor=${cursor}` : ""}`, RestrictedPlayerPage).then(
        (r) => ({ items: r.data.players, nextCursor: r.data.nextCursor }),
      ),
    "",
  );
  return (
    <section className="ops__panel" aria-labelledby="restricted-title">
      <h2 id="restricted-title">Restricted accounts</h2>
      <p className="ops__muted">
        These players can neither pay by card or PayPal nor withdraw until the restriction is lifted.
      </p>
      {note ? <StatusNote>{note}</StatusNote> : null}
      {list.error ? <ErrorBox>{list.error}</ErrorBox> : null}
      {list.loading && list.items.length === 0 ? (
        <Spinner showLabel label="Loading restricted accounts" />
      ) : null}
      {!list.loading || list.items.length > 0 ? (
        <Table
          stack
          caption="Restricted players, most recent first"
          head={["Player", "Reason", "Since", ""]}
          rows={list.items.map((p) => [
            <span key="player">
              {p.userName ?? "(deleted)"}
              <br />
              <span className="ops__muted">{p.email ?? "—"}</span>
            </span>,
            p.reason,
            when(p.since),
            <LiftRestriction
              key="lift"
              id={p.id}
              name={p.userName ?? "The player"}
              done={(text) => {
                setNote(text);
                list.reload();
              }}
            />,
          ])}
        />
      ) : null}
      {list.nextCursor ? (
        <div className="ops__row">
          <Button variant="secondary" onClick={list.more} busy={list.loading}>
            Show more
          </Button>
        </div>
      ) : null}
    </section>
  );
}
