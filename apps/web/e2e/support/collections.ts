import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures";

export type CollectionSummary = {
  id: string;
  name: string;
  kind: string;
  difficulty: number;
  size: number;
  heldBy: string | null;
  myCount: number | null;
};
export type CollectionDetail = CollectionSummary & {
  members: { buildingId: string; name: string; ownerName: string | null }[];
};

/** Blocks other stories of this run took, so that two never pick the same one. */
const takenBlocks = new Set<string>();

/** The easiest city block of three buildings that nobody holds and whose buildings are all unowned. */
export async function findFreeBlock(request: APIRequestContext): Promise<CollectionDetail> {
  const listed = await request.get("/api/v1/collections?kind=block");
  expect(listed.ok(), `collections answered ${listed.status()}`).toBe(true);
  const blocks = ((await listed.json()) as { data: { collections: CollectionSummary[] } }).data.collections
    .filter((c) => c.size === 3 && !c.heldBy && !takenBlocks.has(c.id))
    .sort((a, b) => a.difficulty - b.difficulty || a.id.localeCompare(b.id));
  for (const block of blocks) {
    const answer = await request.get(`/api/v1/collections/${block.id}`);
    const detail = ((await answer.json()) as { data: CollectionDetail }).data;
    if (detail.members.every((m) => m.ownerName === null)) {
      takenBlocks.add(block.id);
      return detail;
    }
  }
  throw new Error("no three-building block free to collect");
}
