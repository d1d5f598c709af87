import type { PlayerDetail } from "@mx/shared/schemas/ops";
import { ConfirmAction } from "./confirm-action";
import { cents, when } from "./ops-api";
import { Table } from "./ops-table";
import type { PlayerAct } from "./player-actions";

/**
 * The player's holdings, purchases and developments, with the actions on each (refunds for finance and admins; none
 * for a payment that is disputed, which the dispute decides).
 */
export function PlayerTrades({
  holdings,
  purchases,
  developments,
  canRefund,
  disputed,
  act,
}: Pick<PlayerDetail, "holdings" | "purchases" | "developments"> & {
  canRefund: boolean;
  /** The purchases and developments whose payment is disputed. */
  disputed: ReadonlySet<string>;
  act: PlayerAct;
}) {
  return (
    <>
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
          canRefund && p.state === "completed" && !disputed.has(p.id) ? (
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
          canRefund && d.latest && !disputed.has(d.id) ? (
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
    </>
  );
}

/** The player's bids, payouts, ledger lines, sessions and reports, read-only. */
export function PlayerHistory({
  bids,
  payouts,
  ledger,
  sessions,
  reports,
}: Pick<PlayerDetail, "bids" | "payouts" | "ledger" | "sessions" | "reports">) {
  return (
    <>
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
    </>
  );
}
