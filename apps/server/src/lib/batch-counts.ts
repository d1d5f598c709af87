/** Batches run per step of one batched operation, and the operations they held. */
export type BatchCounts = Record<string, { batches: number; items: number }>;

/** Each app's batched money operations (by its deps), by name: what /metrics reports of them. */
const sources = new WeakMap<object, Map<string, () => BatchCounts>>();

/** Makes the batches of `operation`, as `counts` reads them, part of this app's metrics. */
export function countBatches(app: object, operation: string, counts: () => BatchCounts): void {
  const named = sources.get(app) ?? new Map<string, () => BatchCounts>();
  named.set(operation, counts);
  sources.set(app, named);
}

/** The batch counts of every operation of this app that has batched anything so far. */
export function batchCounts(app: object): [operation: string, counts: BatchCounts][] {
  return [...(sources.get(app) ?? [])].map(([operation, counts]) => [operation, counts()]);
}
