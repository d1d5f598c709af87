import { PlayerSummary } from "@mx/shared/schemas/ops";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { Button } from "../components/ui/button";
import { ErrorBox, StatusNote } from "../components/ui/error-box";
import { TextField } from "../components/ui/text-field";
import { opsRequest } from "./ops-api";
import { Player } from "./player";
import { textOf } from "./use-load";

/** Players: a search by e-mail, username or id, and the one found (or picked from several) in full. */
export function Players({ canRefund }: { canRefund: boolean }) {
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
