import { MoneyHealth } from "@mx/shared/schemas/ops";
import { Button } from "../components/ui/button";
import { ErrorBox, StatusNote } from "../components/ui/error-box";
import { Spinner } from "../components/ui/spinner";
import { RetryAction } from "./confirm-action";
import { opsRequest, when } from "./ops-api";
import { Table } from "./ops-table";
import { useLoad } from "./use-load";

/** Money: whether the ledger balances and agrees with the processor, and the failed jobs and messages to retry. */
export function Money() {
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
