import { AuditEntry } from "@mx/shared/schemas/ops";
import { z } from "zod";
import { Button } from "../components/ui/button";
import { ErrorBox } from "../components/ui/error-box";
import { Spinner } from "../components/ui/spinner";
import { opsRequest, when } from "./ops-api";
import { Table } from "./ops-table";
import { useLoad } from "./use-load";

/** The audit log, newest first: who did what to what, and the before and after. */
export function Audit() {
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
