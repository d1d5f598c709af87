import { DISPUTE_FILTERS, DisputePage, type OpsDispute } from "@mx/shared/schemas/ops";
import { useId, useState } from "react";
import { Button } from "../components/ui/button";
import { ErrorBox, StatusNote } from "../components/ui/error-box";
import { Spinner } from "../components/ui/spinner";
import { EvidenceDialog } from "./dispute-evidence";
import { DisputeTable } from "./dispute-table";
import { opsRequest } from "./ops-api";
import { useCursorList } from "./use-cursor-list";

type Filter = (typeof DISPUTE_FILTERS)[number];
const filterLabels: Record<Filter, string> = { open: "Open", won: "Won", lost: "Lost", all: "All" };

/** Disputes: open ones with their evidence due soonest first (the rest newest first), and giving evidence. */
export function Disputes() {
  const [filter, setFilter] = useState<Filter>("open");
  const [giving, setGiving] = useState<OpsDispute | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const sort = filter === "open" ? "due" : "newest";
  const list = useCursorList(
    (cursor) =>
      opsRequest(
        `/ops/disputes?state=${filter}&sort=${sort}${cursor ? `&cursor=${cursor}` : ""}`,
        DisputePage,
      ).then((r) => ({ items: r.data.disputes, nextCursor: r.data.nextCursor })),
    filter,
  );
  return (
    <section className="ops__panel" aria-labelledby="disputes-title">
      <h2 id="disputes-title">Disputes</h2>
      <p className="ops__muted">
        Chargebacks of players' card and PayPal payments. What a disputed payment bought stays frozen until
        the bank decides.
      </p>
      <div className="ops__row">
        <FilterSelect
          value={filter}
          onChange={(f) => {
            setNote(null);
            setFilter(f);
          }}
        />
        <Button variant="ghost" onClick={list.reload}>
          Refresh
        </Button>
      </div>
      {note ? <StatusNote>{note}</StatusNote> : null}
      {list.error ? <ErrorBox>{list.error}</ErrorBox> : null}
      {list.loading && list.items.length === 0 ? <Spinner showLabel label="Loading disputes" /> : null}
      {!list.loading || list.items.length > 0 ? (
        <DisputeTable
          caption={
            filter === "open"
              ? "Open disputes, evidence due soonest first"
              : `${filterLabels[filter]} disputes`
          }
          disputes={list.items}
          onEvidence={(d) => {
            setNote(null);
            setGiving(d);
          }}
        />
      ) : null}
      {list.nextCursor ? (
        <div className="ops__row">
          <Button variant="secondary" onClick={list.more} busy={list.loading}>
            Show more
          </Button>
        </div>
      ) : null}
      <EvidenceDialog
        dispute={giving}
        onClose={() => setGiving(null)}
        done={(text) => {
          setGiving(null);
          setNote(text);
          list.reload();
        }}
      />
    </section>
  );
}

/** Which disputes to show. */
function FilterSelect({ value, onChange }: { value: Filter; onChange: (filter: Filter) => void }) {
  const id = useId();
  return (
    <div className="field ops__filter">
      <label className="field__label" htmlFor={id}>
        Show
      </label>
      <select
        id={id}
        className="ops__select"
        value={value}
        onChange={(e) => onChange(e.target.value as Filter)}
      >
        {DISPUTE_FILTERS.map((f) => (
          <option key={f} value={f}>
            {filterLabels[f]}
          </option>
        ))}
      </select>
    </div>
  );
}
