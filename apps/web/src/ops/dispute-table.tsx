import type { OpsDispute } from "@mx/shared/schemas/ops";
import { Button } from "../components/ui/button";
import { cents, when } from "./ops-api";
import { Table } from "./ops-table";

const DAY_MS = 86_400_000;

const stateLabels: Record<OpsDispute["state"], string> = {
  needs_response: "Needs response",
  under_review: "Under review",
  won: "Won",
  lost: "Lost",
};

const subjectLabels: Record<OpsDispute["subject"], string> = {
  purchase: "Purchase",
  bid: "Bid",
  development: "Development",
  shop_order: "Shop order",
};

/** Whether the operator still owes the processor evidence on it. */
const needsEvidence = (d: OpsDispute) => d.state === "needs_response" && !d.evidenceSubmittedAt;

/** How close the evidence's last day is, for a dispute still waiting for it: overdue, due today, due in n days. */
export function dueMarker(
  d: OpsDispute,
  now = Date.now(),
): { text: string; tone: "late" | "soon" | "calm" } | null {
  if (!needsEvidence(d) || !d.evidenceDueBy) return null;
  const left = new Date(d.evidenceDueBy).getTime() - now;
  if (left < 0) return { text: "overdue", tone: "late" };
  const days = Math.floor(left / DAY_MS);
  if (days === 0) return { text: "due today", tone: "soon" };
  return { text: `due in ${days} ${days === 1 ? "day" : "days"}`, tone: days <= 3 ? "soon" : "calm" };
}

function StateBadge({ state }: { state: OpsDispute["state"] }) {
  return <span className={`ops__badge ops__badge--${state}`}>{stateLabels[state]}</span>;
}

function Due({ dispute }: { dispute: OpsDispute }) {
  const marker = dueMarker(dispute);
  return (
    <>
      {when(dispute.evidenceDueBy)}
      {marker ? (
        <>
          <br />
          <span className={`ops__due ops__due--${marker.tone}`}>{marker.text}</span>
        </>
      ) : null}
    </>
  );
}

function Payment({ dispute: d }: { dispute: OpsDispute }) {
  return (
    <>
      {subjectLabels[d.subject]}
      {d.buildingId ? <> · {d.buildingId}</> : null}
      <br />
      <span className="ops__muted">
        {d.payerName ?? "(deleted player)"} · {d.processor} <code>{d.processorId}</code>
      </span>
    </>
  );
}

function Outcome({ dispute: d }: { dispute: OpsDispute }) {
  const lines = [
    d.evidenceSubmittedAt ? `evidence given ${when(d.evidenceSubmittedAt)}` : null,
    d.clawedBackCents > 0 ? `${cents(d.clawedBackCents)} clawed back` : null,
    d.returnedToGame === true ? "building returned to the game" : null,
    d.returnedToGame === false ? "resold: the later buyer keeps it" : null,
  ].filter((l): l is string => l !== null);
  return lines.length === 0 ? "—" : lines.map((l) => <div key={l}>{l}</div>);
}

/** Disputes as a table: the payment, amount and fee, reason, state, evidence due and what came of it. */
export function DisputeTable({
  caption,
  disputes,
  onEvidence,
}: {
  caption: string;
  disputes: OpsDispute[];
  /** Offers "Give evidence" on those that need it (finance and admins). */
  onEvidence?: (dispute: OpsDispute) => void;
}) {
  return (
    <Table
      stack
      caption={caption}
      head={["Opened", "Payment", "Amount", "Reason", "State", "Evidence due", "Outcome", ""]}
      rows={disputes.map((d) => [
        when(d.createdAt),
        <Payment key="payment" dispute={d} />,
        <span key="amount">
          {cents(d.amountCents)}
          <br />
          <span className="ops__muted">fee {cents(d.feeCents)}</span>
        </span>,
        d.reason.replaceAll("_", " "),
        <StateBadge key="state" state={d.state} />,
        <Due key="due" dispute={d} />,
        <Outcome key="outcome" dispute={d} />,
        onEvidence && needsEvidence(d) ? (
          <Button key="evidence" variant="secondary" onClick={() => onEvidence(d)}>
            Give evidence
          </Button>
        ) : null,
      ])}
    />
  );
}
