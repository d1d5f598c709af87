import { z } from "zod";
import { decimal } from "./common";

/** Reports: a player reports a building's name, or a player. */
const REPORT_TARGETS = ["building", "player"] as const;
export const ReportBody = z.strictObject({
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.string().trim().min(1).max(100),
  reason: z.string().trim().min(3, { error: "say in a few words what is wrong" }).max(500),
});
export type ReportBody = z.infer<typeof ReportBody>;

export const Report = z.object({
  id: z.string(),
  reporterId: z.string(),
  reporterName: z.string().nullable(),
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  /** The name reported as it is now: the building's shown name, or the player's username. */
  targetName: z.string().nullable(),
  reason: z.string(),
  status: z.enum(["open", "accepted", "dismissed"]),
  resolution: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type Report = z.infer<typeof Report>;

/** Operator roles, from least to most: support (players, reports, shop), finance (and money), admin (and roles). */
export const OPERATOR_ROLES = ["support", "finance", "admin"] as const;
export const OperatorRole = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof OperatorRole>;

export const OperatorStatus = z.object({
  userId: z.string(),
  role: OperatorRole,
  /** Whether a TOTP second factor is enrolled (and confirmed). */
  enrolled: z.boolean(),
  /** Whether this session has passed the second factor. */
  proven: z.boolean(),
});
export type OperatorStatus = z.infer<typeof OperatorStatus>;

export const Enrolment = z.object({
  /** Base32, for typing into an authenticator by hand; shown this once. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code, an SVG data URL. */
  qrCode: z.string(),
  /** One-use codes for when the authenticator is lost; shown this once. */
  recoveryCodes: z.array(z.string()),
});
export type Enrolment = z.infer<typeof Enrolment>;

export const FactorCodeBody = z.strictObject({
  /** Six digits from the authenticator, or a recovery code. */
  code: z
    .string()
    .trim()
    .min(6)
    .max(40)
    .regex(/^[0-9A-Za-z-]+$/, { error: "a code is six digits, or a recovery code" }),
});

export const GrantRoleBody = z.strictObject({
  email: z.string().trim().toLowerCase().email().max(254),
  /** `none` takes the role away. */
  role: z.enum([...OPERATOR_ROLES, "none"]),
});

export const PlayerSearchQuery = z.strictObject({ q: z.string().trim().min(1).max(254) });

export const PlayerSummary = z.object({
  id: z.string(),
  email: z.string().nullable(),
  userName: z.string().nullable(),
  fullName: z.string(),
  createdAt: z.string(),
  deletedAt: z.string().nullable(),
  tradingFrozenReason: z.string().nullable(),
  payoutsFrozenReason: z.string().nullable(),
});
export type PlayerSummary = z.infer<typeof PlayerSummary>;

/** A dispute's state as the platform keeps it (the processor interface's `DISPUTE_STATUSES`). */
const DISPUTE_STATES = ["needs_response", "under_review", "won", "lost"] as const;
/** What a disputed payment bought. */
const DISPUTE_SUBJECTS = ["purchase", "bid", "development", "shop_order"] as const;
/** The console's filters of the disputes list: open (needs response or under review), won, lost, or all. */
export const DISPUTE_FILTERS = ["open", "won", "lost", "all"] as const;

/** A page of a console list: what follows is asked for with `cursor`, the `nextCursor` of the page before. */
const listPage = {
  limit: decimal(
    z.number().int().min(1, { error: "must be at least 1" }).max(100, { error: "must be 100 or less" }),
  ).default(50),
  cursor: z
    .string()
    .min(1)
    .max(400)
    .regex(/^[A-Za-z0-9_-]+$/, { error: "must be the nextCursor of the page before" })
    .optional(),
};

export const DisputeListQuery = z.strictObject({
  state: z.enum(DISPUTE_FILTERS, { error: `must be one of ${DISPUTE_FILTERS.join(", ")}` }).default("all"),
  /** newest: opened last first; due: evidence due soonest first (those with no date last). */
  sort: z.enum(["newest", "due"], { error: "must be newest or due" }).default("newest"),
  ...listPage,
});
export type DisputeListQuery = z.infer<typeof DisputeListQuery>;

export const OpsDispute = z.object({
  id: z.string(),
  processor: z.string(),
  processorId: z.string(),
  paymentIntentId: z.string(),
  subject: z.enum(DISPUTE_SUBJECTS),
  subjectId: z.string(),
  buildingId: z.string().nullable(),
  payerId: z.string().nullable(),
  payerName: z.string().nullable(),
  amountCents: z.number().int(),
  feeCents: z.number().int(),
  currency: z.string(),
  reason: z.string(),
  state: z.enum(DISPUTE_STATES),
  evidenceDueBy: z.string().nullable(),
  evidenceText: z.string().nullable(),
  evidenceSubmittedAt: z.string().nullable(),
  fundsWithdrawn: z.boolean(),
  /** Taken back from the seller's proceeds still clearing when it opened. */
  clawedBackCents: z.number().int(),
  /** Lost: whether the building went back to the game (false: its later buyer keeps it); null until lost. */
  returnedToGame: z.boolean().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type OpsDispute = z.infer<typeof OpsDispute>;

export const DisputePage = z.object({ disputes: z.array(OpsDispute), nextCursor: z.string().nullable() });
export type DisputePage = z.infer<typeof DisputePage>;

/** The platform's evidence, as the processor's text field takes it (Stripe's uncategorized text: 20,000). */
export const DisputeEvidenceBody = z.strictObject({
  text: z
    .string()
    .trim()
    .min(10, { error: "say in a sentence or more why the payment was genuine" })
    .max(20_000, { error: "must be 20,000 characters or fewer" }),
});

export const RestrictedPlayersQuery = z.strictObject(listPage);

const RestrictedPlayer = z.object({
  id: z.string(),
  userName: z.string().nullable(),
  email: z.string().nullable(),
  reason: z.string(),
  since: z.string(),
});

export const RestrictedPlayerPage = z.object({
  players: z.array(RestrictedPlayer),
  nextCursor: z.string().nullable(),
});
export type RestrictedPlayerPage = z.infer<typeof RestrictedPlayerPage>;

export const LiftRestrictionBody = z.strictObject({
  /** Why it is lifted, for the audit log. */
  note: z.string().trim().min(3, { error: "say in a few words why" }).max(300),
});

export const PlayerDetail = z.object({
  profile: PlayerSummary.extend({
    buildingColor: z.string(),
    role: OperatorRole.nullable(),
    /** Set by a lost dispute or an early fraud warning: no card or PayPal payments, no withdrawals. */
    restriction: z.object({ reason: z.string(), since: z.string() }).nullable(),
  }),
  holdings: z.array(
    z.object({
      buildingId: z.string(),
      name: z.string(),
      priceCents: z.number().int(),
      forSale: z.boolean(),
    }),
  ),
  ledger: z.array(
    z.object({
      journalId: z.string(),
      kind: z.string(),
      account: z.string(),
      amountCents: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  purchases: z.array(
    z.object({
      id: z.string(),
      buildingId: z.string(),
      state: z.string(),
      amountCents: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  /** Newest first; `latest` marks the building's latest paid development, the one a refund may take back. */
  developments: z.array(
    z.object({
      id: z.string(),
      buildingId: z.string(),
      kind: z.string(),
      level: z.number().int(),
      state: z.string(),
      amountCents: z.number().int(),
      latest: z.boolean(),
      createdAt: z.string(),
    }),
  ),
  bids: z.array(
    z.object({
      id: z.string(),
      buildingId: z.string(),
      state: z.string(),
      amountCents: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  payouts: z.array(
    z.object({ id: z.string(), state: z.string(), amountCents: z.number().int(), createdAt: z.string() }),
  ),
  sessions: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      expiresAt: z.string(),
      revokedAt: z.string().nullable(),
    }),
  ),
  reports: z.array(Report),
  /** Disputes of the player's payments, newest first. */
  disputes: z.array(OpsDispute),
});
export type PlayerDetail = z.infer<typeof PlayerDetail>;

export const FreezeBody = z.strictObject({
  /** What to freeze; `null` lifts that freeze. */
  trading: z.string().trim().min(3).max(300).nullable().optional(),
  payouts: z.string().trim().min(3).max(300).nullable().optional(),
});

export const BuildingResetBody = z.strictObject({ buildingId: z.string().trim().min(1).max(100) });

export const ResolveReportBody = z.strictObject({
  action: z.enum(["reset-name", "warn", "freeze", "dismiss"]),
  /** For `freeze` and `warn`: what the player reads (the reason for a freeze, the warning itself). */
  reason: z.string().trim().min(3).max(300).optional(),
});

export const AuditEntry = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorRole: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditQuery = z.strictObject({
  targetType: z.string().max(40).optional(),
  targetId: z.string().max(100).optional(),
});

/** A paid shop order waiting to ship, as `npm run orders` prints it. */
export const OrderToShip = z.object({
  id: z.string(),
  number: z.string(),
  email: z.string(),
  amountCents: z.number().int(),
  createdAt: z.string(),
  /** What to pack and where to: the command line's text. */
  description: z.string(),
});
export type OrderToShip = z.infer<typeof OrderToShip>;

export const ShipOrderBody = z.strictObject({
  carrier: z.string().trim().min(1).max(50),
  trackingNumber: z.string().trim().min(1).max(100),
});

export const RefundBody = z.strictObject({
  /** Why, for the audit log and the purchase's record. */
  reason: z.string().trim().min(3).max(300),
});

export const RefundResult = z.object({
  purchaseId: z.string(),
  status: z.string(),
  refundedCents: z.number().int(),
});

export const DevelopmentRefundResult = z.object({
  developmentId: z.string(),
  status: z.string(),
  refundedCents: z.number().int(),
});
export type DevelopmentRefundResult = z.infer<typeof DevelopmentRefundResult>;

/** What `npm run ledger:check` prints, and the failed jobs `npm run jobs -- failed` lists. */
/** A job of the queue: the queue's name and the job's id. */
export const JobParams = z.strictObject({
  queue: z.string().min(1).max(100),
  id: z.string().min(1).max(100),
});

export const MoneyHealth = z.object({
  problems: z.array(z.string()),
  failedJobs: z.array(
    z.object({
      queue: z.string(),
      id: z.string(),
      failedAt: z.string().nullable(),
      retries: z.number().int(),
    }),
  ),
  failedMessages: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      state: z.string(),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
    }),
  ),
});
export type MoneyHealth = z.infer<typeof MoneyHealth>;
