import { z } from "zod";
import { decimal } from "./common";

/*
 * The live channel (/api/v1/live, WebSocket). Events are small on purpose: ids, names, colours and amounts
 * (dollars), never whole records — a client that wants more refetches. They travel between server instances
 * through PostgreSQL NOTIFY, whose payload limit is 8000 bytes.
 */

const buildingFields = {
  buildingId: z.string(),
  /** The building's numeric id in the map tiles (feature id). */
  mapId: z.number().int(),
  name: z.string(),
  /** Dollars. */
  price: z.number(),
  forSale: z.boolean(),
  ownerId: z.string().nullable(),
  /** The owner's building colour (hex), null while unowned. */
  color: z.string().nullable(),
};

/** Everyone hears these: what the map and the public lists show changed. */
export const PublicEvent = z.discriminatedUnion("type", [
  /** A building changed hands (bought from the market, or a bid was accepted). */
  z.object({ type: z.literal("building.sold"), ...buildingFields }),
  /** The owner put it on the market (an ask), or changed the asking price. */
  z.object({ type: z.literal("building.listed"), ...buildingFields }),
  /** Taken off the market (cancel sale). */
  z.object({ type: z.literal("building.unlisted"), ...buildingFields }),
  z.object({ type: z.literal("building.renamed"), ...buildingFields }),
  /** A development was paid for: the building is under construction until `completesAt` (epoch seconds). */
  z.object({
    type: z.literal("building.developing"),
    ...buildingFields,
    level: z.number().int(),
    kind: z.string(),
    completesAt: z.number().int(),
  }),
  /** A construction finished: the building reached `level`, and its price rose by the development's cost. */
  z.object({
    type: z.literal("building.developed"),
    ...buildingFields,
    level: z.number().int(),
    kind: z.string(),
  }),
  /** A player changed their building colour: every building they own is redrawn. */
  z.object({ type: z.literal("player.recoloured"), userId: z.string(), color: z.string() }),
  /** Many buildings changed at once (an account deleted): refetch the map state. */
  z.object({ type: z.literal("map.changed") }),
]);
export type PublicEvent = z.infer<typeof PublicEvent>;
/** The events that carry a building's fields and nothing more. */
export type BuildingEventType = Exclude<
  Extract<PublicEvent, { buildingId: string }>["type"],
  "building.developing" | "building.developed"
>;

const bidFields = {
  bidId: z.string(),
  buildingId: z.string(),
  /** The building's name as players see it. */
  propertyName: z.string(),
  /** Dollars. */
  bidAmount: z.number(),
};

/** A building a player watches, as the watch alerts name it. */
const watchFields = {
  buildingId: z.string(),
  /** The building's name as players see it. */
  propertyName: z.string(),
};

/** What each private event carries. The type names the event; the payload is what the feed and pushes show. */
export const activityPayloads = {
  /** To the owner: someone bid on their building. */
  "bid.received": z.object({ ...bidFields, bidderName: z.string() }),
  /** To the bidder: the owner accepted; the building is theirs. */
  "bid.accepted": z.object(bidFields),
  /** To the bidder: the owner declined; the hold is released. */
  "bid.declined": z.object(bidFields),
  /** To the owner: the bidder withdrew their bid. */
  "bid.cancelled": z.object({ ...bidFields, bidderName: z.string() }),
  /** To the bidder (and the owner, with `role: "owner"`): the bid ran out of time; the hold is released. */
  "bid.expired": z.object({ ...bidFields, role: z.enum(["bidder", "owner"]) }),
  /** To the bidder: another player bid more on a building they bid on (their bid stands until decided). */
  "bid.outbid": z.object({ ...bidFields, newBidAmount: z.number() }),
  /** To the bidder: the owner accepted another bid, so theirs was released. */
  "bid.released": z.object(bidFields),
  /** To the player: a withdrawal reached their account. Amount in dollars. */
  "payout.paid": z.object({ payoutId: z.string(), amount: z.number(), instant: z.boolean() }),
  /** To the player: an offer they completed on the offer wall was credited. Amount in dollars. */
  "offer.credited": z.object({ offerName: z.string(), amount: z.number(), repaid: z.number() }),
  /** To the player: the partner took an offer back; `debt` is what their credits could not cover (dollars). */
  "offer.reversed": z.object({ offerName: z.string(), amount: z.number(), debt: z.number() }),
  /** To the owner: a development of their building is finished, and its price rose. Price in dollars. */
  "development.completed": z.object({
    buildingId: z.string(),
    propertyName: z.string(),
    kind: z.string(),
    name: z.string(),
    level: z.number().int(),
    price: z.number(),
  }),
  /**
   * To the player: an operator accepted a report about their name or their building's, with a warning. `propertyName`
   * is the building's name as reported, null when the report was about the player.
   */
  "account.warned": z.object({
    message: z.string(),
    buildingId: z.string().nullable(),
    propertyName: z.string().nullable(),
  }),
  /**
   * A player completed a collection (owns every member): to them (`role: "holder"`) and to every player watching one
   * of its buildings (`role: "watcher"`).
   */
  "collection.completed": z.object({
    collectionId: z.string(),
    collectionName: z.string(),
    holderName: z.string(),
    role: z.enum(["holder", "watcher"]),
  }),
  /** To a player who owns every other member of a collection: its last building was put up for sale. Ask in dollars. */
  "collection.one_short_listed": z.object({
    collectionId: z.string(),
    collectionName: z.string(),
    buildingId: z.string(),
    propertyName: z.string(),
    ask: z.number(),
  }),
  "payout.failed": z.object({
    payoutId: z.string(),
    amount: z.number(),
    instant: z.boolean(),
    reason: z.string().nullable(),
  }),
  /*
   * To every player watching the building but the one who acted (and those told already by an activity of their
   * own: the owner of a bid, the bidders it outbid or released). Dollars; each can be switched off (alerts.ts).
   */
  /** Its owner put it on the market at `ask`. */
  "watch.listed": z.object({ ...watchFields, ask: z.number() }),
  /** Its owner lowered the ask from `oldAsk` to `newAsk`. */
  "watch.ask_lowered": z.object({ ...watchFields, oldAsk: z.number(), newAsk: z.number() }),
  /** It changed hands (bought from the game, or a bid accepted) at `price`. */
  "watch.sold": z.object({ ...watchFields, price: z.number() }),
  /** Someone bid `bidAmount` on it. */
  "watch.bid_placed": z.object({ ...watchFields, bidAmount: z.number() }),
  /** Its owner began a development (`name` of `kind`, building `level`), finished at `completesAt` (epoch s). */
  "watch.development_started": z.object({
    ...watchFields,
    kind: z.string(),
    name: z.string(),
    level: z.number().int(),
    completesAt: z.number().int(),
  }),
  /** A development of it finished: it reached `level`, and is now worth `price`. */
  "watch.development_finished": z.object({
    ...watchFields,
    kind: z.string(),
    name: z.string(),
    level: z.number().int(),
    price: z.number(),
  }),
} as const;
export type ActivityType = keyof typeof activityPayloads;
export type ActivityPayload<T extends ActivityType> = z.infer<(typeof activityPayloads)[T]>;
export const activityTypes = Object.keys(activityPayloads) as ActivityType[];

/** The private events that also reach the player's devices as Web Push notifications. */
export const pushedActivityTypes: readonly ActivityType[] = [
  "bid.received",
  "bid.accepted",
  "bid.outbid",
  "payout.paid",
  "development.completed",
  "account.warned",
  "watch.listed",
  "watch.ask_lowered",
  "watch.sold",
  "watch.bid_placed",
  "watch.development_started",
  "watch.development_finished",
  "collection.one_short_listed",
];

/** One entry of a player's feed, as the API and the live channel send it. */
export const Activity = z.discriminatedUnion(
  "type",
  activityTypes.map((type) =>
    z.object({
      id: z.string(),
      type: z.literal(type),
      payload: activityPayloads[type],
      createdAt: z.string(),
      readAt: z.string().nullable(),
    }),
  ) as unknown as [z.ZodObject, ...z.ZodObject[]],
);
/** A private event: its type and what it carries, correlated. */
export type ActivityEvent = { [T in ActivityType]: { type: T; payload: ActivityPayload<T> } }[ActivityType];

/** A feed entry, typed by its `type`. */
export type Activity = {
  [T in ActivityType]: {
    id: string;
    type: T;
    payload: ActivityPayload<T>;
    createdAt: string;
    readAt: string | null;
  };
}[ActivityType];

export const ActivitiesQuery = z.strictObject({
  limit: decimal(z.number().int().min(1).max(100)).default(20),
  offset: decimal(z.number().int().min(0).max(1_000_000)).default(0),
});

export const ActivitiesData = z.object({
  totalCount: z.number().int(),
  unreadCount: z.number().int(),
  activities: z.array(Activity),
});
export type ActivitiesData = { totalCount: number; unreadCount: number; activities: Activity[] };

export const MarkReadBody = z
  .strictObject({
    /** Only these entries; without it, every entry is marked read. */
    ids: z
      .array(z.uuid({ error: "must be activity ids" }))
      .max(100)
      .optional(),
  })
  .nullish();
export const MarkReadData = z.object({ marked: z.number().int(), unreadCount: z.number().int() });
export type MarkReadData = z.infer<typeof MarkReadData>;

/** Messages the server sends on the socket. `seq` grows by one per message on one server instance. */
export type LiveServerMessage =
  | { type: "ready"; userId: string; instance: string; seq: number }
  | { type: "event"; seq: number; at: number; event: PublicEvent }
  | { type: "activity"; seq: number; at: number; activity: Activity }
  /**
   * A building the player watches changed where no public event says so (a bid), and the player switched that
   * alert off: no feed entry, but their watchlist is read again.
   */
  | { type: "watched"; seq: number; at: number; buildingId: string }
  /** The server may have missed events (its database listener reconnected): refetch everything. */
  | { type: "resync"; seq: number }
  | { type: "pong" };

/** Close codes of the live socket besides the standard ones. */
export const liveCloseCodes = {
  /** The token is missing, wrong, expired or revoked: sign in again; do not retry with it. */
  unauthorized: 4401,
  /** No `auth` message in time. */
  authTimeout: 4408,
  /** The client could not keep up (its buffer grew too large); reconnect and refetch. */
  tooSlow: 4429,
} as const;

// Web Push

export const PushPublicKeyData = z.object({
  /** The VAPID public key (base64url, uncompressed P-256 point): the browser's applicationServerKey. */
  publicKey: z.string(),
});

/** A browser's PushSubscription, as `subscription.toJSON()` gives it. */
export const PushSubscribeBody = z.object({
  endpoint: z.url({ error: "must be the push service URL of the subscription" }).max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z
      .string()
      .regex(/^[A-Za-z0-9_-]{80,100}=*$/, { error: "must be the subscription's base64url P-256 key" }),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,30}=*$/, { error: "must be the subscription's auth secret" }),
  }),
});
export type PushSubscribeBody = z.infer<typeof PushSubscribeBody>;

export const PushUnsubscribeBody = z.strictObject({ endpoint: z.string().min(1).max(2000) });

/** What a push message carries; the service worker shows it as a notification. */
export type PushMessage = {
  title: string;
  body: string;
  /** Where a click on the notification leads. */
  url: string;
  /** Notifications with the same tag replace each other. */
  tag: string;
  activityId: string;
  type: ActivityType;
};
