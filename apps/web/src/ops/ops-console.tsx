import {
  AuditEntry,
  Enrolment,
  MoneyHealth,
  OperatorStatus,
  OrderToShip,
  PlayerDetail,
  PlayerSummary,
  Report,
} from "@mx/shared/schemas/ops";
import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { z } from "zod";
import { Button } from "../components/ui/button";
import { Dialog } from "../components/ui/dialog";
import { ErrorBox, StatusNote } from "../components/ui/error-box";
import { Spinner } from "../components/ui/spinner";
import { TextField } from "../components/ui/text-field";
import { useDocumentTitle } from "../lib/use-document-title";
import { cents, opsRequest, when } from "./ops-api";
import "./ops.css";

type Section = "players" | "reports" | "shop" | "money" | "audit" | "roles";
const sectionLabels: Record<Section, string> = {
  players: "Players",
  reports: "Reports",
  shop: "Shop",
  money: "Money",
  audit: "Audit log",
  roles: "Roles",
};

const textOf = (error: unknown) =>
  error instanceof Error ? error.message : "Something went wrong; try again.";

/** Loads something for a section, again whenever `key` changes: its value, its error, and a way to reload. */
function useLoad<T>(load: () => Promise<T>, key: string) {
  const [state, setState] = useState<{ value?: T; error?: string; loading: boolean; of?: string }>({
    loading: true,
  });
  const [version, setVersion] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    const of = `${key}#${version}`;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    loadRef.current().then(
      (value) => live && setState({ value, loading: false, of }),
      (error: unknown) => live && setState({ error: textOf(error), loading: false, of }),
    );
    return () => {
      live = false;
    };
  }, [key, version]);
  return { ...state, reload: useCallback(() => setVersion((v) => v + 1), []) };
}

/** The operator console: the second factor first, then players, reports, the audit log and (admins) roles. */
export default function OpsConsole() {
  useDocumentTitle("Operator console");
  const status = useLoad(() => opsRequest("/ops/factor", OperatorStatus).then((r) => r.data), "");
  const [section, setSection] = useState<Section>("players");

  let body: ReactNode;
  if (status.loading && !status.value) body = <Spinner showLabel />;
  else if (status.error || !status.value) body = <ErrorBox>{status.error}</ErrorBox>;
  else if (!status.value.proven) body = <SecondFactor status={status.value} onPassed={status.reload} />;
  else {
    const role = status.value.role;
    const sections: Section[] = [
      "players",
      "reports",
      "shop",
      ...(role === "support" ? [] : (["money"] as const)),
      "audit",
      ...(role === "admin" ? (["roles"] as const) : []),
    ];
    body = (
      <>
        <nav className="ops__tabs" aria-label="Console sections">
          {sections.map((s) => (
            <button
              key={s}
              type="button"
              className={s === section ? "ops__tab ops__tab--on" : "ops__tab"}
              aria-current={s === section ? "page" : undefined}
              onClick={() => setSection(s)}
            >
              {sectionLabels[s]}
            </button>
          ))}
        </nav>
        {section === "players" ? <Players canRefund={role !== "support"} /> : null}
        {section === "shop" ? <Shop /> : null}
        {section === "money" ? <Money /> : null}
        {section === "reports" ? <Reports /> : null}
        {section === "audit" ? <Audit /> : null}
        {section === "roles" ? <Roles /> : null}
      </>
    );
  }
  return (
    <main className="ops">
      <header className="ops__header">
        <h1 className="ops__title">Operator console</h1>
        {status.value ? <span className="ops__role">{status.value.role}</span> : null}
      </header>
      {body}
    </main>
  );
}

function SecondFactor({ status, onPassed }: { status: OperatorStatus; onPassed: () => void }) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const enrol = async () => {
    setBusy(true);
    setError(null);
    try {
      setEnrolment((await opsRequest("/ops/factor/enrol", Enrolment, { method: "POST" })).data);
    } catch (e) {
      setError(textOf(e));
    } finally {
      setBusy(false);
    }
  };
  const verify = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await opsRequest("/ops/factor/verify", OperatorStatus, { method: "POST", body: { code: code.trim() } });
      onPassed();
    } catch (e) {
      setError(textOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="ops__panel ops__factor" aria-labelledby="factor-title">
      <h2 id="factor-title">Second factor</h2>
      {!status.enrolled && !enrolment ? (
        <>
          <p>Operators give a code from an authenticator app each time they sign in. Set one up first.</p>
          <Button onClick={enrol} busy={busy}>
            Set up the authenticator
          </Button>
        </>
      ) : null}
      {enrolment ? (
        <div className="ops__enrol">
          <img
            src={enrolment.qrCode}
            alt="QR code to scan with the authenticator app"
            width={200}
            height={200}
          />
          <div>
            <p>
              Scan the code, or type this key: <code data-testid="totp-secret">{enrolment.secret}</code>
            </p>
            <p>Keep these recovery codes somewhere safe; each works once, and they are not shown again:</p>
            <ul className="ops__codes" data-testid="recovery-codes">
              {enrolment.recoveryCodes.map((c) => (
                <li key={c}>
                  <code>{c}</code>
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
      {status.enrolled || enrolment ? (
        <form onSubmit={verify} className="ops__row">
          <TextField
            label="Code from the authenticator (or a recovery code)"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="one-time-code"
            inputMode="text"
            required
          />
          <Button type="submit" busy={busy}>
            Continue
          </Button>
        </form>
      ) : null}
      {error ? <ErrorBox>{error}</ErrorBox> : null}
    </section>
  );
}

/** An action that changes something: a confirmation with an optional reason, then the call, then a note. */
function ConfirmAction({
  label,
  title,
  question,
  reasonLabel,
  run,
  variant = "secondary",
}: {
  label: string;
  title: string;
  question: string;
  reasonLabel?: string;
  run: (reason: string) => Promise<unknown>;
  variant?: "secondary" | "danger";
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await run(reason.trim());
      setOpen(false);
      setReason("");
    } catch (e) {
      setError(textOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog isOpen={open} title={title} onClose={() => setOpen(false)} isBusy={busy}>
        <form onSubmit={confirm} className="ops__confirm">
          <p>{question}</p>
          {reasonLabel ? (
            <TextField
              label={reasonLabel}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              required
              minLength={3}
              maxLength={300}
            />
          ) : null}
          {error ? <ErrorBox>{error}</ErrorBox> : null}
          <div className="ops__row">
            <Button variant="ghost" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant={variant === "danger" ? "danger" : "primary"} busy={busy}>
              Confirm
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

function Players({ canRefund }: { canRefund: boolean }) {
  const [q, setQ] = useState("");
  const [results, setResults] = useState<PlayerSummary[] | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const search = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const found = await opsRequest(
        `/ops/players?q=${encodeURIComponent(q.trim())}`,
        z.array(PlayerSummary),
      );
      setResults(found.data);
      setSelected(found.data.length === 1 ? (found.data[0]?.id ?? null) : null);
    } catch (e) {
      setError(textOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="ops__panel" aria-labelledby="players-title">
      <h2 id="players-title">Players</h2>
      <form onSubmit={search} className="ops__row">
        <TextField label="E-mail, username or id" value={q} onChange={(e) => setQ(e.target.value)} required />
        <Button type="submit" busy={busy}>
          Find
        </Button>
      </form>
      {error ? <ErrorBox>{error}</ErrorBox> : null}
      {results && results.length === 0 ? <StatusNote>No player matches.</StatusNote> : null}
      {results && results.length > 1 ? (
        <ul className="ops__list">
          {results.map((p) => (
            <li key={p.id}>
              <button type="button" className="ops__link" onClick={() => setSelected(p.id)}>
                {p.userName ?? "(deleted)"} · {p.email ?? "—"}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {selected ? <Player id={selected} canRefund={canRefund} /> : null}
    </section>
  );
}

/** Runs a failed job or message again, after a confirmation. */
function RetryAction({ question, path, done }: { question: string; path: string; done: () => void }) {
  return (
    <ConfirmAction
      label="Retry"
      title="Run again"
      question={question}
      run={async () => {
        await opsRequest(path, z.unknown(), { method: "POST" });
        done();
      }}
    />
  );
}

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <div className="ops__table-wrap">
      <table className="ops__table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length}>None.</td>
            </tr>
          ) : (
            rows.map((cells, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are read-only and in a fixed order.
              <tr key={i}>
                {cells.map((c, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional.
                  <td key={j}>{c}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function Player({ id, canRefund }: { id: string; canRefund: boolean }) {
  const detail = useLoad(() => opsRequest(`/ops/players/${id}`, PlayerDetail).then((r) => r.data), id);
  const [note, setNote] = useState<string | null>(null);
  const act = (path: string, body?: unknown) => async () => {
    const done = await opsRequest(path, z.unknown(), { method: "POST", body });
    setNote(done.message);
    detail.reload();
  };
  if (detail.loading && !detail.value) return <Spinner showLabel />;
  if (detail.error || !detail.value) return <ErrorBox>{detail.error}</ErrorBox>;
  const { profile, holdings, ledger, purchases, developments, bids, payouts, sessions, reports } =
    detail.value;
  return (
    <article className="ops__player" aria-label={`Player ${profile.userName ?? profile.id}`}>
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
      </dl>
      {note ? <StatusNote>{note}</StatusNote> : null}
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
      <Table
        caption="Holdings"
        head={["Building", "Name", "Price", "For sale", ""]}
        rows={holdings.map((h) => [
          h.buildingId,
          h.name,
          cents(h.priceCents),
          h.forSale ? "yes" : "no",
          <ConfirmAction
            key="reset"
            label="Reset name"
            title="Reset the building's name"
            question={`"${h.name}" is taken down; the building shows its own name again.`}
            run={act("/ops/buildings/reset-name", { buildingId: h.buildingId })}
          />,
        ])}
      />
      <Table
        caption="Purchases"
        head={["When", "Building", "State", "Total", ""]}
        rows={purchases.map((p) => [
          when(p.createdAt),
          p.buildingId,
          p.state,
          cents(p.amountCents),
          canRefund && p.state === "completed" ? (
            <ConfirmAction
              key="refund"
              label="Refund"
              title="Refund the purchase"
              question={`${cents(p.amountCents)} goes back to the buyer's card and ${p.buildingId} returns to the game.`}
              reasonLabel="Reason"
              variant="danger"
              run={(reason) => act(`/ops/purchases/${p.id}/refund`, { reason })()}
            />
          ) : null,
        ])}
      />
      <Table
        caption="Developments"
        head={["When", "Building", "Development", "State", "Total", ""]}
        rows={developments.map((d) => [
          when(d.createdAt),
          d.buildingId,
          `${d.kind} (level ${d.level})`,
          d.state,
          cents(d.amountCents),
          canRefund && d.latest ? (
            <ConfirmAction
              key="refund"
              label="Refund"
              title="Refund the development"
              question={`${cents(d.amountCents)} goes back to the owner and ${d.buildingId} loses its ${d.kind} (level ${d.level}), and the value it added.`}
              reasonLabel="Reason"
              variant="danger"
              run={(reason) => act(`/ops/developments/${d.id}/refund`, { reason })()}
            />
          ) : null,
        ])}
      />
      <Table
        caption="Bids"
        head={["When", "Building", "State", "Total"]}
        rows={bids.map((b) => [when(b.createdAt), b.buildingId, b.state, cents(b.amountCents)])}
      />
      <Table
        caption="Payouts"
        head={["When", "State", "Amount"]}
        rows={payouts.map((p) => [when(p.createdAt), p.state, cents(p.amountCents)])}
      />
      <Table
        caption="Ledger lines"
        head={["When", "Kind", "Account", "Amount"]}
        rows={ledger.map((l) => [when(l.createdAt), l.kind, l.account, cents(l.amountCents)])}
      />
      <Table
        caption="Sessions"
        head={["Started", "Expires", "Ended"]}
        rows={sessions.map((s) => [
          when(s.createdAt),
          when(s.expiresAt),
          s.revokedAt ? when(s.revokedAt) : "live",
        ])}
      />
      <Table
        caption="Reports"
        head={["When", "About", "Reason", "Status"]}
        rows={reports.map((r) => [
          when(r.createdAt),
          `${r.targetType}: ${r.targetName ?? r.targetId}`,
          r.reason,
          r.status,
        ])}
      />
    </article>
  );
}

function Reports() {
  const [status, setStatus] = useState<"open" | "closed">("open");
  const list = useLoad(
    () => opsRequest(`/ops/reports?status=${status}`, z.array(Report)).then((r) => r.data),
    status,
  );
  const resolve = (id: string, action: string) => async (reason: string) => {
    await opsRequest(`/ops/reports/${id}/resolve`, Report, {
      method: "POST",
      body: { action, ...(reason ? { reason } : {}) },
    });
    list.reload();
  };
  return (
    <section className="ops__panel" aria-labelledby="reports-title">
      <h2 id="reports-title">Reports</h2>
      <div className="ops__row">
        <Button
          variant={status === "open" ? "primary" : "ghost"}
          onClick={() => setStatus("open")}
          aria-pressed={status === "open"}
        >
          Open
        </Button>
        <Button
          variant={status === "closed" ? "primary" : "ghost"}
          onClick={() => setStatus("closed")}
          aria-pressed={status === "closed"}
        >
          Decided
        </Button>
      </div>
      {list.loading && !list.value ? <Spinner showLabel /> : null}
      {list.error ? <ErrorBox>{list.error}</ErrorBox> : null}
      {list.value && list.value.length === 0 ? (
        <StatusNote>{status === "open" ? "No open reports." : "Nothing decided yet."}</StatusNote>
      ) : null}
      <ul className="ops__cards">
        {list.value?.map((r) => (
          <li key={r.id} className="ops__card" aria-label={`Report about ${r.targetName ?? r.targetId}`}>
            <p className="ops__card-title">
              {r.targetType === "building" ? "Building" : "Player"}:{" "}
              <strong>{r.targetName ?? r.targetId}</strong>
            </p>
            <p>“{r.reason}”</p>
            <p className="ops__muted">
              by {r.reporterName ?? r.reporterId} · {when(r.createdAt)}
              {r.status !== "open" ? ` · ${r.status}${r.resolution ? ` (${r.resolution})` : ""}` : ""}
            </p>
            {r.status === "open" ? (
              <div className="ops__actions">
                <ConfirmAction
                  label={r.targetType === "building" ? "Reset the name" : "Reset the username"}
                  title="Accept: reset the name"
                  question={`"${r.targetName ?? r.targetId}" is replaced by a neutral name.`}
                  run={resolve(r.id, "reset-name")}
                />
                <ConfirmAction
                  label="Warn"
                  title="Accept: warn"
                  question={`The report is accepted and ${r.targetType === "building" ? "the owner" : "the player"} gets your warning in their notifications.`}
                  reasonLabel="Warning the player reads"
                  run={resolve(r.id, "warn")}
                />
                <ConfirmAction
                  label="Freeze"
                  title="Accept: freeze trading"
                  question="The player's trading is frozen."
                  reasonLabel="Reason the player sees"
                  variant="danger"
                  run={resolve(r.id, "freeze")}
                />
                <ConfirmAction
                  label="Dismiss"
                  title="Dismiss the report"
                  question="Nothing changes; the report is closed."
                  run={resolve(r.id, "dismiss")}
                />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Audit() {
  const log = useLoad(() => opsRequest("/ops/audit", z.array(AuditEntry)).then((r) => r.data), "");
  return (
    <section className="ops__panel" aria-labelledby="audit-title">
      <h2 id="audit-title">Audit log</h2>
      <div className="ops__row">
        <Button variant="ghost" onClick={log.reload}>
          Refresh
        </Button>
      </div>
      {log.loading && !log.value ? <Spinner showLabel /> : null}
      {log.error ? <ErrorBox>{log.error}</ErrorBox> : null}
      {log.value ? (
        <Table
          caption="Newest first"
          head={["When", "Who", "Action", "Target", "Before", "After"]}
          rows={log.value.map((a) => [
            when(a.createdAt),
            `${a.actorName ?? "command line"} (${a.actorRole})`,
            a.action,
            `${a.targetType} ${a.targetId}`,
            <code key="b">{JSON.stringify(a.before)}</code>,
            <code key="a">{JSON.stringify(a.after)}</code>,
          ])}
        />
      ) : null}
    </section>
  );
}

function Roles() {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState("support");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const grant = async () => {
    setBusy(true);
    setError(null);
    try {
      const done = await opsRequest(
        "/ops/roles",
        z.object({ before: z.string().nullable(), after: z.string().nullable() }),
        { method: "POST", body: { email: email.trim(), role } },
      );
      setNote(`${email.trim()}: ${done.data.before ?? "player"} → ${done.data.after ?? "player"}`);
      setConfirming(false);
    } catch (e) {
      setError(textOf(e));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="ops__panel" aria-labelledby="roles-title">
      <h2 id="roles-title">Roles</h2>
      <p className="ops__muted">Support: players, reports, shop. Finance: and money. Admin: and roles.</p>
      <form
        className="ops__row"
        onSubmit={(e) => {
          e.preventDefault();
          setConfirming(true);
        }}
      >
        <TextField
          label="Account e-mail"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
        <div className="field">
          <label className="field__label" htmlFor="ops-role">
            Role
          </label>
          <select
            id="ops-role"
            className="field__input ops__select"
            value={role}
            onChange={(e) => setRole(e.target.value)}
          >
            <option value="support">support</option>
            <option value="finance">finance</option>
            <option value="admin">admin</option>
            <option value="none">none (take the role away)</option>
          </select>
        </div>
        <Button type="submit">Grant</Button>
      </form>
      {note ? <StatusNote>{note}</StatusNote> : null}
      {error ? <ErrorBox>{error}</ErrorBox> : null}
      <Dialog isOpen={confirming} title="Change the role" onClose={() => setConfirming(false)} isBusy={busy}>
        <p>
          Give {email.trim()} the role <strong>{role}</strong>?
        </p>
        <div className="ops__row">
          <Button variant="ghost" onClick={() => setConfirming(false)} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={grant} busy={busy}>
            Confirm
          </Button>
        </div>
      </Dialog>
    </section>
  );
}

function Shop() {
  const list = useLoad(() => opsRequest("/ops/orders", z.array(OrderToShip)).then((r) => r.data), "");
  const [shipping, setShipping] = useState<OrderToShip | null>(null);
  const [carrier, setCarrier] = useState("");
  const [tracking, setTracking] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ship = async (event: FormEvent) => {
    event.preventDefault();
    if (!shipping) return;
    setBusy(true);
    setError(null);
    try {
      await opsRequest(`/ops/orders/${shipping.id}/ship`, z.unknown(), {
        method: "POST",
        body: { carrier: carrier.trim(), trackingNumber: tracking.trim() },
      });
      setShipping(null);
      setCarrier("");
      setTracking("");
      list.reload();
    } catch (e) {
      setError(textOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="ops__panel" aria-labelledby="shop-title">
      <h2 id="shop-title">Orders to ship</h2>
      {list.loading && !list.value ? <Spinner showLabel /> : null}
      {list.error ? <ErrorBox>{list.error}</ErrorBox> : null}
      {list.value && list.value.length === 0 ? (
        <StatusNote>No paid orders are waiting to ship.</StatusNote>
      ) : null}
      <ul className="ops__cards">
        {list.value?.map((o) => (
          <li key={o.id} className="ops__card" aria-label={`Order ${o.number}`}>
            <pre className="ops__pre">{o.description}</pre>
            <div className="ops__actions">
              <Button onClick={() => setShipping(o)}>Mark shipped</Button>
            </div>
          </li>
        ))}
      </ul>
      <Dialog isOpen={shipping !== null} title="Mark shipped" onClose={() => setShipping(null)} isBusy={busy}>
        <form onSubmit={ship} className="ops__confirm">
          <p>Order {shipping?.number}: the customer is e-mailed the carrier and tracking number.</p>
          <TextField
            label="Carrier"
            value={carrier}
            onChange={(e) => setCarrier(e.target.value)}
            required
            maxLength={50}
          />
          <TextField
            label="Tracking number"
            value={tracking}
            onChange={(e) => setTracking(e.target.value)}
            required
            maxLength={100}
          />
          {error ? <ErrorBox>{error}</ErrorBox> : null}
          <div className="ops__row">
            <Button variant="ghost" onClick={() => setShipping(null)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" busy={busy}>
              Confirm
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}

function Money() {
  const health = useLoad(() => opsRequest("/ops/money", MoneyHealth).then((r) => r.data), "");
  return (
    <section className="ops__panel" aria-labelledby="money-title">
      <h2 id="money-title">Money</h2>
      <p className="ops__muted">Refunds are made from a player's purchases and developments (Players).</p>
      <div className="ops__row">
        <Button variant="ghost" onClick={health.reload}>
          Check again
        </Button>
      </div>
      {health.loading && !health.value ? (
        <Spinner showLabel label="Checking the ledger and the processor" />
      ) : null}
      {health.error ? <ErrorBox>{health.error}</ErrorBox> : null}
      {health.value ? (
        <>
          <h3>Ledger and processor</h3>
          {health.value.problems.length === 0 ? (
            <StatusNote>The ledger balances and agrees with the processor.</StatusNote>
          ) : (
            <ul className="ops__list">
              {health.value.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          )}
          <Table
            caption="Failed jobs"
            head={["Failed", "Queue", "Id", "Retries", ""]}
            rows={health.value.failedJobs.map((j) => [
              when(j.failedAt),
              j.queue,
              j.id,
              String(j.retries),
              <RetryAction
                key="retry"
                question="The job is queued again with one more try."
                path={`/ops/jobs/${encodeURIComponent(j.queue)}/${encodeURIComponent(j.id)}/retry`}
                done={health.reload}
              />,
            ])}
          />
          <Table
            caption="Failed outbox messages"
            head={["Kind", "Tries", "Last error", ""]}
            rows={health.value.failedMessages.map((m) => [
              m.kind,
              String(m.attempts),
              m.lastError ?? "—",
              <RetryAction
                key="retry"
                question="The message is queued again with its tries afresh."
                path={`/ops/outbox/${m.id}/retry`}
                done={health.reload}
              />,
            ])}
          />
        </>
      ) : null}
    </section>
  );
}
