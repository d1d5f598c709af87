import { createHash } from "node:crypto";
import { keyedHash, safeEqual } from "@mx/kit/secrets";
import {
  GENERIC_PARAMS,
  hmacHex,
  type OfferWallPartner,
  type Params,
  sortedQuery,
} from "@mx/processors/offer-wall";
import { OFFER_POSTBACK_WINDOW_MINUTES } from "@mx/shared/constants";
import { isUuid } from "@mx/shared/uuid";
import { type Config, OFFERWALL_PROVIDERS, type OfferwallProvider } from "../../config";

/** A postback the provider's adapter has read and whose signature holds. */
export type Postback = {
  transactionId: string;
  /** The player's signed id, as the wall URL carried it. */
  playerRef: string;
  /** Cents: the providers are configured so that one unit of their currency is one cent. */
  amountCents: number;
  /** The partner takes back the offer with this transaction id. */
  reversal: boolean;
  /** A reversal with its own transaction id, naming no earlier one (ironSource's negative callbacks). */
  standalone: boolean;
  offerName: string | null;
  /** The signature it carried (lower case): no signature is accepted twice. */
  signature: string;
};

/** A postback refused: `status` 400 for a malformed one, 403 for a bad signature or address. */
export class PostbackError extends Error {
  constructor(
    readonly status: 400 | 403 | 404,
    message: string,
  ) {
    super(message);
  }
}

type Adapter = {
  /** The parameters the provider defines: the only ones stored of a postback. */
  fields: string[];
  read(params: Params, headers: Record<string, string | undefined>, secret: string, now: Date): Postback;
  /** What the provider expects in a 200 reply's body. */
  ok(postback: Postback | null, params: Params): string;
};

/** At most $1,000 per offer: anything larger is a misconfigured currency, refused rather than credited. */
const MAX_OFFER_CENTS = 100_000;

const required = (params: Params, name: string): string => {
  const value = params[name];
  if (value === undefined || value === "") throw new PostbackError(400, `${name}: is required`);
  if (value.length > 200) throw new PostbackError(400, `${name}: must be at most 200 characters`);
  return value;
};

function cents(value: string, name: string, allowNegative = false): number {
  if (!/^-?\d+$/.test(value)) throw new PostbackError(400, `${name}: must be a whole number of cents`);
  const n = Number(value);
  if (!Number.isSafeInteger(n) || Math.abs(n) > MAX_OFFER_CENTS) {
    throw new PostbackError(400, `${name}: must be at most ${MAX_OFFER_CENTS}`);
  }
  if (n === 0 || (n < 0 && !allowNegative)) throw new PostbackError(400, `${name}: must be greater than 0`);
  return n;
}

const truthy = (value: string | undefined) => value === "1" || value === "true";

function checkSignature(given: string | undefined, expected: string): string {
  if (!given) throw new PostbackError(403, "signature: is missing");
  // Compared in constant time: a wrong signature takes as long to refuse whatever its first wrong character.
  if (!safeEqual(given.toLowerCase(), expected)) throw new PostbackError(403, "signature: does not match");
  return expected;
}

const WINDOW_MS = OFFER_POSTBACK_WINDOW_MINUTES * 60_000;

/** A signed time must be within minutes of ours: an old captured postback cannot be sent again much later. */
function checkTime(name: string, at: number, now: Date): void {
  if (!Number.isFinite(at) || Math.abs(now.getTime() - at) > WINDOW_MS) {
    throw new PostbackError(403, `${name}: must be within ${OFFER_POSTBACK_WINDOW_MINUTES} minutes of now`);
  }
}

/** ironSource's time: exactly twelve digits, YYYYMMDDHHmm in UTC (a fixed width, so no digit can move in or out). */
function ironsourceTime(value: string, now: Date): void {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!m) throw new PostbackError(400, "timestamp: must be 12 digits, YYYYMMDDHHmm in UTC");
  const [, y, mo, d, h, mi] = m.map(Number) as number[];
  checkTime("timestamp", Date.UTC(y as number, (mo as number) - 1, d, h, mi), now);
}

/** A Unix time in seconds: digits only. */
function unixTime(value: string, name: string, now: Date): void {
  if (!/^\d{1,12}$/.test(value)) throw new PostbackError(400, `${name}: must be a Unix time in seconds`);
  checkTime(name, Number(value) * 1000, now);
}

/**
 * ayeT-Studios: the callback URL set in their dashboard carries `{external_identifier}`, `{currency_amount}`,
 * `{transaction_id}` (and `{is_chargeback}` for reversal callbacks); the header X-Ayetstudios-Security-Hash is the
 * hex HMAC-SHA256, keyed with the publisher API key, of every parameter sorted by name and query-encoded.
 */
const ayet: Adapter = {
  fields: [
    "external_identifier",
    "currency_amount",
    "transaction_id",
    "is_chargeback",
    "offer_name",
    "payout_usd",
  ],
  read(params, headers, secret) {
    const signature = checkSignature(
      headers["x-ayetstudios-security-hash"],
      hmacHex(secret, sortedQuery(params)),
    );
    // A negative amount takes the offer back, chargeback flag or not: it is never credited.
    const amount = cents(required(params, "currency_amount"), "currency_amount", true);
    return {
      transactionId: required(params, "transaction_id"),
      playerRef: required(params, "external_identifier"),
      amountCents: Math.abs(amount),
      reversal: truthy(params.is_chargeback) || amount < 0,
      standalone: false,
      offerName: params.offer_name ?? null,
      signature,
    };
  },
  ok: () => "OK",
};

/**
 * ironSource / LevelPlay: `appUserId=[USER_ID]&rewards=[REWARDS]&eventId=[EVENT_ID]&itemName=[ITEM_NAME]`, plus the
 * `timestamp` and `signature` they add: signature = md5(timestamp + eventId + USER_ID + rewards + private key). A
 * negative `rewards` (their negative callbacks) takes credits back under its own event id. They expect
 * `<eventId>:OK` in the reply.
 */
const ironsource: Adapter = {
  fields: ["appUserId", "rewards", "eventId", "itemName", "timestamp", "signature"],
  read(params, _headers, secret, now) {
    const timestamp = required(params, "timestamp");
    const eventId = required(params, "eventId");
    const userId = required(params, "appUserId");
    const rewards = required(params, "rewards");
    // Their signature joins the fields with nothing between them. The time has a fixed width, so no character can
    // move between it and the event id; the player's id is checked against our own key, so none can move into or
    // out of it; the rewards are an integer.
    ironsourceTime(timestamp, now);
    const amount = cents(rewards, "rewards", true);
    const expected = createHash("md5")
      .update(`${timestamp}${eventId}${userId}${rewards}${secret}`)
      .digest("hex");
    const signature = checkSignature(params.signature, expected);
    return {
      transactionId: eventId,
      playerRef: userId,
      amountCents: Math.abs(amount),
      reversal: amount < 0,
      standalone: amount < 0,
      offerName: params.itemName ?? null,
      signature,
    };
  },
  ok: (_postback, params) => `${params.eventId ?? ""}:OK`,
};

/**
 * Any other partner: parameter names from OFFERWALL_GENERIC_PARAMS (fields user, amount, transaction, signature,
 * reversal, offer); the signature is the hex HMAC-SHA256 of every other parameter sorted by name, query-encoded.
 */
function generic(names: Record<string, string>): Adapter {
  const name = (field: string, fallback: string) => names[field] ?? fallback;
  // The generic scheme's own names, for every field not named otherwise.
  const defaults: Record<string, string> = GENERIC_PARAMS;
  return {
    fields: Object.entries(defaults).map(([field, fallback]) => name(field, fallback)),
    read(params, _headers, secret, now) {
      const signatureName = name("signature", "signature");
      // Every other parameter, each as name=value query-encoded and sorted by name: no field can run into another.
      const signature = checkSignature(
        params[signatureName],
        hmacHex(secret, sortedQuery(params, [signatureName])),
      );
      const timestampName = name("timestamp", "timestamp");
      unixTime(required(params, timestampName), timestampName, now);
      // A negative amount takes the offer back, reversal flag or not: it is never credited.
      const amount = cents(required(params, name("amount", "amount")), name("amount", "amount"), true);
      return {
        transactionId: required(params, name("transaction", "transaction_id")),
        playerRef: required(params, name("user", "user_id")),
        amountCents: Math.abs(amount),
        reversal: truthy(params[name("reversal", "reversal")]) || amount < 0,
        standalone: false,
        offerName: params[name("offer", "offer_name")] ?? null,
        signature,
      };
    },
    ok: () => "OK",
  };
}

/**
 * The adapter and secret for a provider named in a postback URL, or a 404 if it is not configured here: the partner
 * running in this process, if any, or one configured with its secret.
 */
export function adapterFor(
  config: Config,
  partnerHere: OfferWallPartner | null,
  provider: string,
): { adapter: Adapter; secret: string } {
  // A partner running here signs in the generic scheme, with the scheme's own names.
  if (partnerHere && provider === partnerHere.provider)
    return { adapter: generic({}), secret: partnerHere.secret };
  if (!(OFFERWALL_PROVIDERS as readonly string[]).includes(provider)) {
    throw new PostbackError(404, `No offer-wall provider ${provider}.`);
  }
  const name = provider as OfferwallProvider;
  const adapters: Partial<Record<OfferwallProvider, Adapter>> = {
    ayet,
    ironsource,
    generic: generic(config.offerwall.genericParams),
  };
  const adapter = adapters[name];
  const secret = config.offerwall.secrets[name];
  if (!adapter || !secret)
    throw new PostbackError(404, `The offer-wall provider ${provider} is not configured here.`);
  return { adapter, secret };
}

/** The player's id as the wall carries it: `<user id>.<keyed hash>`, so a postback cannot name just anyone. */
export function signedPlayerId(config: Pick<Config, "sessionSecret">, userId: string): string {
  return `${userId}.${keyedHash(config.sessionSecret, "offerwall-player", userId).slice(0, 22)}`;
}

export function playerOf(config: Pick<Config, "sessionSecret">, ref: string): string | null {
  const userId = ref.split(".")[0] ?? "";
  if (!isUuid(userId)) return null;
  return safeEqual(ref, signedPlayerId(config, userId.toLowerCase())) ? userId.toLowerCase() : null;
}
