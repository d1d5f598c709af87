/** Batches run per step of one batched operation, and the operations they held. */
export type BatchCounts = Record<"reserve" | "note" | "settle", { batches: number; items: number }>;

/** Each app's batched money operations (by its deps), by name: what /metrics reports of them. */
const sources = new WeakMap<object, Map<string, () => BatchCounts>>();

/** Makes the batches of `operation`, as `counts` reads them, part of this app's metrics. */
export function countBatches(app: object, operation: string, counts: () => BatchCounts): void {
  const named = sources.get(app) ?? new Map<string, () => BatchCounts>();
  named.set(operation, counts);
  sources.set(app, named);
}

/** The batch counts of one operation of this app (metrics, tests, the bench); null before its first batch. */
export function batchCountsOf(app: object, operation: string): BatchCounts | null {
  return sources.get(app)?.get(operation)?.() ?? null;
}

/** The batch counts of every operation of this app that has batched anything so far. */
export function batchCounts(app: object): [operation: string, counts: BatchCounts][] {
  return [...(sources.get(app) ?? [])].map(([operation, counts]) => [operation, counts()]);
}
