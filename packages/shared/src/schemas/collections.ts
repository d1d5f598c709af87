import { z } from "zod";

/*
 * Collections: sets of buildings (a city block, a neighbourhood's skyline, an era, the island's giants, a
 * neighbourhood's landmarks) a player completes by owning every member. Completing one gives standing, not money.
 */

export const COLLECTION_KINDS = ["block", "skyline", "era", "giants", "landmarks"] as const;
export const CollectionKind = z.enum(COLLECTION_KINDS);
export type CollectionKind = z.infer<typeof CollectionKind>;

const Holder = z.object({
  userName: z.string(),
  /** The holder's building colour (hex). */
  color: z.string(),
  /** Epoch seconds: when they completed it. */
  since: z.number().int(),
});

export const CollectionSummary = z.object({
  id: z.string(),
  kind: CollectionKind,
  name: z.string(),
  description: z.string(),
  neighborhood: z.string().nullable(),
  /** 1 (easy) to 5 (hard). */
  difficulty: z.number().int(),
  /** How many buildings it has. */
  size: z.number().int(),
  /** The user name of who holds it now (owns every member); null when nobody does. */
  heldBy: z.string().nullable(),
  /** The holder with their colour and since when; null when nobody holds it. */
  holder: Holder.nullable(),
  /** How many of its members the signed-in viewer owns; null when signed out. */
  myCount: z.number().int().nullable(),
});
export type CollectionSummary = z.infer<typeof CollectionSummary>;

export const CollectionsQuery = z.strictObject({
  kind: CollectionKind.optional(),
  /** Only the sets of this neighbourhood (exact name). */
  neighborhood: z.string().trim().min(1).max(100).optional(),
});

export const CollectionsData = z.object({ collections: z.array(CollectionSummary) });
export type CollectionsData = z.infer<typeof CollectionsData>;

export const CollectionParams = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[a-z0-9-]+$/, { error: "must be a collection id (lower-case letters, digits and dashes)" }),
});

const CollectionMember = z.object({
  buildingId: z.string(),
  name: z.string(),
  neighborhood: z.string().nullable(),
  /** Dollars: the building's value. */
  value: z.number(),
  ownerName: z.string().nullable(),
  /** The owner's building colour (hex), null while unowned. */
  ownerColor: z.string().nullable(),
  forSale: z.boolean(),
  location: z.object({ lat: z.number(), lng: z.number() }),
});
export type CollectionMember = z.infer<typeof CollectionMember>;

export const CollectionDetail = CollectionSummary.extend({ members: z.array(CollectionMember) });
export type CollectionDetail = z.infer<typeof CollectionDetail>;

export const CollectorRow = z.object({
  rank: z.number().int(),
  userName: z.string(),
  color: z.string(),
  /** Collections held now. */
  held: z.number().int(),
  /** Dollars: the value of every building of the collections they hold. */
  value: z.number(),
});
export type CollectorRow = z.infer<typeof CollectorRow>;

export const CollectorsData = z.object({ collectors: z.array(CollectorRow) });
export type CollectorsData = z.infer<typeof CollectorsData>;

export const PlayerCollectionsParams = z.strictObject({ userName: z.string().trim().min(1).max(50) });

/** One of a player's collections, as their public profile shows it (a badge). */
export const PlayerCollection = z.object({
  id: z.string(),
  kind: CollectionKind,
  name: z.string(),
  difficulty: z.number().int(),
  /** "held": owns every member now; "once held": completed it once, and has lost a member since. */
  standing: z.enum(["held", "once held"]),
  /** Epoch seconds. */
  completedAt: z.number().int(),
  /** Epoch seconds; null while held. */
  lostAt: z.number().int().nullable(),
});

export type PlayerCollection = z.infer<typeof PlayerCollection>;

export const PlayerCollectionsData = z.object({
  userName: z.string(),
  collections: z.array(PlayerCollection),
});
export type PlayerCollectionsData = z.infer<typeof PlayerCollectionsData>;

/** The map's mark: every held collection's buildings (map feature ids) in its holder's colour. */
export const HeldCollectionsMapData = z.object({
  held: z.array(
    z.object({ id: z.string(), name: z.string(), color: z.string(), mapIds: z.array(z.number().int()) }),
  ),
});
export type HeldCollectionsMapData = z.infer<typeof HeldCollectionsMapData>;
