import { queryRows } from "@mx/kit/sql";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { normaliseQuery } from "./search-text";

/**
 * The building catalogue's search text held in memory, with a trigram index over it.
 *
 * The catalogue changes only when it is imported, so each server keeps one copy per data version and answers
 * name, address and neighbourhood searches without a database round trip: a substring of the text contains every
 * three-letter piece of the needle, so the shortest posting list of those pieces holds every candidate, and each
 * candidate is then checked with a plain substring test (the same answer as `search_text like '%needle%'`).
 *
 * Names players gave (few, and they change) are kept beside it and read again on a rename here, or after
 * `FRESH_MS` when another server may have renamed something. An import by another process is noticed within
 * `FRESH_MS` through the catalogue's size and last import time.
 */
export const FRESH_MS = 30_000;

export type CatalogueMatch = { index: number; id: string; name: string; heightM: number; text: string };

type Catalogue = {
  ids: string[];
  texts: string[];
  /** lower(coalesce(name, address, '')): what ranking compares the needle with. */
  names: string[];
  heights: Float64Array;
  grams: Map<string, Uint32Array>;
  byId: Map<string, number>;
  version: string;
};

type CustomNames = Map<string, string>;

/**
 * A value read from the database and kept: the first caller waits for it; once it is FRESH_MS old, callers get it
 * at once while it is checked (and read again if it changed) in the background. `forget` makes the next caller
 * wait for a fresh read, and a read started before it never lands.
 */
class Kept<T> {
  private value?: Promise<T>;
  private at = 0;
  private refreshing = false;
  private generation = 0;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly stillCurrent: (value: T) => Promise<boolean>,
  ) {}

  get(): Promise<T> {
    if (!this.value) {
      const generation = this.generation;
      const loading = this.load();
      this.value = loading;
      loading.then(
        () => {
          if (generation === this.generation) this.at = Date.now();
        },
        () => {
          if (this.value === loading) this.value = undefined;
        },
      );
      return loading;
    }
    if (!this.refreshing && this.at > 0 && Date.now() - this.at >= FRESH_MS) this.refresh(this.value);
    return this.value;
  }

  private refresh(current: Promise<T>): void {
    this.refreshing = true;
    const generation = this.generation;
    current
      .then(async (value) => {
        if (await this.stillCurrent(value)) return value;
        return this.load();
      })
      .then((value) => {
        if (generation !== this.generation) return;
        this.value = Promise.resolve(value);
        this.at = Date.now();
      })
      .catch(() => {})
      .finally(() => {
        this.refreshing = false;
      });
  }

  forget(): void {
    this.generation += 1;
    this.value = undefined;
    this.at = 0;
  }
}

type State = { catalogue: Kept<Catalogue>; names: Kept<CustomNames> };

const states = new WeakMap<object, State>();

function stateOf(q: Queryable): State {
  let state = states.get(q);
  if (!state) {
    state = {
      catalogue: new Kept(
        () => loadCatalogue(q),
        async (current) => (await catalogueVersion(q)) === current.version,
      ),
      names: new Kept(
        () => loadCustomNames(q),
        async () => false,
      ),
    };
    states.set(q, state);
  }
  return state;
}

function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + 3 <= text.length; i += 1) out.add(text.slice(i, i + 3));
  return out;
}

async function catalogueVersion(q: Queryable): Promise<string> {
  const [row] = await queryRows<{ n: number; at: string | null }>(
    q,
    sql`select count(*)::int as n, max(imported_at)::text as at from buildings`,
  );
  return `${row?.n ?? 0}@${row?.at ?? ""}`;
}

async function loadCatalogue(q: Queryable): Promise<Catalogue> {
  const version = await catalogueVersion(q);
  const rows = await queryRows<{ id: string; text: string; name: string; height: number }>(
    q,
    sql`select id, search_text as text, lower(coalesce(name, address, '')) as name, height_m as height
        from buildings order by id`,
  );
  const lists = new Map<string, number[]>();
  const ids: string[] = [];
  const texts: string[] = [];
  const names: string[] = [];
  const heights = new Float64Array(rows.length);
  rows.forEach((row, i) => {
    // Folded again as queries are now: text stored by an earlier import may be folded the older way.
    const text = normaliseQuery(row.text);
    ids.push(row.id);
    texts.push(text);
    names.push(row.name);
    heights[i] = Number(row.height);
    for (const gram of trigrams(text)) {
      const list = lists.get(gram);
      if (list) list.push(i);
      else lists.set(gram, [i]);
    }
  });
  const grams = new Map<string, Uint32Array>();
  for (const [gram, list] of lists) grams.set(gram, Uint32Array.from(list));
  return { ids, texts, names, heights, grams, byId: new Map(ids.map((id, i) => [id, i])), version };
}

async function loadCustomNames(q: Queryable): Promise<CustomNames> {
  const rows = await queryRows<{ id: string; name: string }>(
    q,
    sql`select building_id as id, lower(custom_name) as name from properties where custom_name is not null`,
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Candidates whose text may contain the needle: every entry when it is shorter than a trigram. */
function candidates(catalogue: Catalogue, needle: string): Iterable<number> {
  if (needle.length < 3) return catalogue.ids.keys();
  let shortest: Uint32Array | undefined;
  for (const gram of trigrams(needle)) {
    const list = catalogue.grams.get(gram);
    if (!list) return [];
    if (!shortest || list.length < shortest.length) shortest = list;
  }
  return shortest ?? [];
}

/**
 * Every building whose folded search text contains `folded`, or whose owner's name for it contains `raw`,
 * with the name ranking compares (the owner's name first, as displayed).
 */
export async function searchCatalogue(q: Queryable, folded: string, raw: string): Promise<CatalogueMatch[]> {
  const state = stateOf(q);
  const [catalogue, custom] = await Promise.all([state.catalogue.get(), state.names.get()]);
  const found = new Set<number>();
  for (const i of candidates(catalogue, folded)) {
    if ((catalogue.texts[i] as string).includes(folded)) found.add(i);
  }
  for (const [buildingId, name] of custom) {
    const i = catalogue.byId.get(buildingId);
    if (i !== undefined && name.includes(raw)) found.add(i);
  }
  return [...found].map((i) => ({
    index: i,
    id: catalogue.ids[i] as string,
    name: custom.get(catalogue.ids[i] as string) ?? (catalogue.names[i] as string),
    heightM: catalogue.heights[i] as number,
    text: catalogue.texts[i] as string,
  }));
}

const generations = new WeakMap<object, number>();

/** Counts the imports this process made into a database: what is built from the catalogue is built again after one. */
export function catalogueGeneration(q: Queryable): number {
  return generations.get(q) ?? 0;
}

/** After an import here, the next search reads the catalogue again; after a rename here, the players' names. */
export function forgetCatalogue(q: Queryable, what: "catalogue" | "names"): void {
  if (what === "catalogue") generations.set(q, catalogueGeneration(q) + 1);
  const state = states.get(q);
  if (!state) return;
  if (what === "catalogue") state.catalogue.forget();
  state.names.forget();
}

/** Reads the catalogue for search ahead of the first search (at server start, once it answers). */
export async function warmCatalogue(q: Queryable): Promise<void> {
  const state = stateOf(q);
  await Promise.all([state.catalogue.get(), state.names.get()]);
}
