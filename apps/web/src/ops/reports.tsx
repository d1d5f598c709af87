import { Report } from "@mx/shared/schemas/ops";
import { useState } from "react";
import { z } from "zod";
import { Button } from "../components/ui/button";
import { ErrorBox, StatusNote } from "../components/ui/error-box";
import { Spinner } from "../components/ui/spinner";
import { ConfirmAction } from "./confirm-action";
import { opsRequest, when } from "./ops-api";
import { useLoad } from "./use-load";

/** Reports: the open ones, each with its decisions, or those already decided. */
export function Reports() {
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
          <ReportCard key={r.id} report={r} resolve={resolve} />
        ))}
      </ul>
    </section>
  );
}

/** One report: who and what it is about, why, who made it and when; while open, the decisions on it. */
function ReportCard({
  report: r,
  resolve,
}: {
  report: Report;
  resolve: (id: string, action: string) => (reason: string) => Promise<void>;
}) {
  return (
    <li className="ops__card" aria-label={`Report about ${r.targetName ?? r.targetId}`}>
      <p className="ops__card-title">
        {r.targetType === "building" ? "Building" : "Player"}: <strong>{r.targetName ?? r.targetId}</strong>
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
  );
}
