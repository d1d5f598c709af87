import { formatDollars } from "./money";
import { paths } from "./routes";
import type { ActivityEvent } from "./schemas/live";

/** One bid in My Bids: on the Sell tab for the owner, on the Buy tab for the bidder. */
const bidUrl = (bidId: string, side: "sell" | "buy") =>
  `${paths.bids}?tab=${side}&bid=${encodeURIComponent(bidId)}`;
/** The building's Property Details; the page reads its price and place itself. */
const buildingUrl = (buildingId: string, name: string) =>
  `${paths.propertyDetails}?id=${encodeURIComponent(buildingId)}&name=${encodeURIComponent(name)}`;
/** One payout in the withdrawal history. */
const payoutUrl = (payoutId: string) => `${paths.withdrawal}?payout=${encodeURIComponent(payoutId)}`;

/** How a feed entry reads, and where it leads. */
type Description = { title: string; body: string; url: string };

/** The activities whose type starts with `prefix` ("bid.", "watch."). */
type ActivityOf<P extends string> = Extract<ActivityEvent, { type: `${P}${string}` }>;

/** Whether the activity's type starts with `prefix`. */
const isOf = <P extends string>(activity: ActivityEvent, prefix: P): activity is ActivityOf<P> =>
  activity.type.startsWith(prefix);

/** The activities whose type starts with none of the prefixes `P`. */
type OtherThan<P extends string> = Exclude<ActivityEvent, ActivityOf<P>>;

/**
 * How a feed entry reads, in the bell's list and in a push notification alike (the server writes pushes with it,
 * the web app its feed), and where it leads.
 */
export function describeActivity(activity: ActivityEvent): Description {
  if (isOf(activity, "bid.")) return describeBid(activity);
  if (isOf(activity, "watch.")) return describeWatch(activity);
  if (isOf(activity, "payout.") || isOf(activity, "offer.")) return describeMoney(activity);
  return describeOther(activity);
}

/** A bid made to the player or by them. */
function describeBid(activity: ActivityOf<"bid.">): Description {
  switch (activity.type) {
    case "bid.received": {
      const p = activity.payload;
      return {
        title: "Bid received",
        body: `${p.bidderName} bid ${formatDollars(p.bidAmount)} on ${p.propertyName}.`,
        url: bidUrl(p.bidId, "sell"),
      };
    }
    case "bid.accepted": {
      const p = activity.payload;
      return {
        title: "Bid accepted",
        body: `Your ${formatDollars(p.bidAmount)} bid on ${p.propertyName} was accepted. It is yours.`,
        url: buildingUrl(p.buildingId, p.propertyName),
      };
    }
    case "bid.declined": {
      const p = activity.payload;
      return {
        title: "Bid declined",
        body: `Your ${formatDollars(p.bidAmount)} bid on ${p.propertyName} was declined; the hold on your card is released.`,
        url: bidUrl(p.bidId, "buy"),
      };
    }
    case "bid.cancelled": {
      const p = activity.payload;
      return {
        title: "Bid withdrawn",
        body: `${p.bidderName} withdrew their ${formatDollars(p.bidAmount)} bid on ${p.propertyName}.`,
        url: bidUrl(p.bidId, "sell"),
      };
    }
    case "bid.expired": {
      const p = activity.payload;
      return {
        title: "Bid expired",
        body:
          p.role === "owner"
            ? `A ${formatDollars(p.bidAmount)} bid on ${p.propertyName} expired without an answer.`
            : `Your ${formatDollars(p.bidAmount)} bid on ${p.propertyName} expired; the hold on your card is released.`,
        url: bidUrl(p.bidId, p.role === "owner" ? "sell" : "buy"),
      };
    }
    case "bid.outbid": {
      const p = activity.payload;
      return {
        title: "You have been outbid",
        body: `Someone bid ${formatDollars(p.newBidAmount)} on ${p.propertyName}, more than your ${formatDollars(p.bidAmount)}.`,
        url: bidUrl(p.bidId, "buy"),
      };
    }
    case "bid.released": {
      const p = activity.payload;
      return {
        title: "Bid released",
        body: `${p.propertyName} was sold to another bidder; the hold of your ${formatDollars(p.bidAmount)} bid is released.`,
        url: bidUrl(p.bidId, "buy"),
      };
    }
  }
}

/** News of a building the player watches. */
function describeWatch(activity: ActivityOf<"watch.">): Description {
  switch (activity.type) {
    case "watch.listed": {
      const p = activity.payload;
      return {
        title: "Watched building for sale",
        body: `${p.propertyName} is for sale at ${formatDollars(p.ask)}.`,
        url: buildingUrl(p.buildingId, p.propertyName),
      };
    }
    case "watch.ask_lowered": {
      const p = activity.payload;
      return {
        title: "Asking price lowered",
        body: `The ask for ${p.propertyName} dropped from ${formatDollars(p.oldAsk)} to ${formatDollars(p.newAsk)}.`,
        url: buildingUrl(p.buildingId, p.propertyName),
      };
    }
    case "watch.sold": {
      const p = activity.payload;
      return {
        title: "Watched building sold",
        body: `${p.propertyName} sold for ${formatDollars(p.price)}.`,
        url: buildingUrl(p.buildingId, p.propertyName),
      };
    }
    case "watch.bid_placed": {
      const p = activity.payload;
      return {
        title: "New bid on a watched building",
        body: `Someone bid ${formatDollars(p.bidAmount)} on ${p.propertyName}.`,
        url: buildingUrl(p.buildingId, p.propertyName),
      };
    }
    case "watch.development_started": {
      const p = activity.payload;
      return {
        title: "Construction started",
        body: `${p.name} of ${p.propertyName} has begun.`,
        url: buildingUrl(p.buildingId, p.propertyName),
      };
    }
    case "watch.development_finished": {
      const p = activity.payload;
      return {
        title: "Watched building developed",
        body: `${p.name} of ${p.propertyName} is finished: it is now worth ${formatDollars(p.price)}.`,
        url: buildingUrl(p.buildingId, p.propertyName),
      };
    }
  }
}

/** A payout, or credits from the offer wall. */
function describeMoney(activity: ActivityOf<"payout." | "offer.">): Description {
  switch (activity.type) {
    case "payout.paid": {
      const p = activity.payload;
      return {
        title: "Payout paid",
        body: `${formatDollars(p.amount)} ${p.instant ? "arrived instantly" : "was paid"} to your payout account.`,
        url: payoutUrl(p.payoutId),
      };
    }
    case "payout.failed": {
      const p = activity.payload;
      return {
        title: "Payout failed",
        body: `Your ${formatDollars(p.amount)} withdrawal failed${p.reason ? `: ${p.reason}` : "."}`,
        url: payoutUrl(p.payoutId),
      };
    }
    case "offer.credited": {
      const p = activity.payload;
      return {
        title: "Credits arrived",
        body:
          p.repaid > 0
            ? `${p.offerName}: ${formatDollars(p.amount)} of credits, ${formatDollars(p.repaid)} of it paying back an earlier reversal.`
            : `${p.offerName}: ${formatDollars(p.amount)} of credits to spend on buildings.`,
        url: paths.offerwall,
      };
    }
    case "offer.reversed": {
      const p = activity.payload;
      return {
        title: "Offer reversed",
        body: `The partner took back ${p.offerName}: ${formatDollars(p.amount)} of credits${p.debt > 0 ? `, ${formatDollars(p.debt)} of it owed from your next credits` : ""}.`,
        url: paths.offerwall,
      };
    }
  }
}

/** A development finished, a moderators' warning, a collection. */
function describeOther(activity: OtherThan<"bid." | "watch." | "payout." | "offer.">): Description {
  switch (activity.type) {
    case "development.completed": {
      const p = activity.payload;
      return {
        title: "Construction finished",
        body: `${p.name} of ${p.propertyName} is finished: it is now worth ${formatDollars(p.price)}.`,
        url: buildingUrl(p.buildingId, p.propertyName),
      };
    }
    case "account.warned": {
      const p = activity.payload;
      return {
        title: "A warning from the moderators",
        body: p.propertyName
          ? `About the name of ${p.propertyName}: ${p.message}`
          : `About your name: ${p.message}`,
        url: p.buildingId && p.propertyName ? buildingUrl(p.buildingId, p.propertyName) : paths.terms,
      };
    }
    case "collection.completed": {
      const p = activity.payload;
      return {
        title: "Collection completed",
        body:
          p.role === "holder"
            ? `You own every building of ${p.collectionName}: the collection is yours.`
            : `${p.holderName} completed ${p.collectionName}, which has a building you watch.`,
        url: paths.collection(p.collectionId),
      };
    }
    case "collection.one_short_listed": {
      const p = activity.payload;
      return {
        title: "The last building is for sale",
        body: `The last building of ${p.collectionName}, ${p.propertyName}, is for sale at ${formatDollars(p.ask)}.`,
        url: buildingUrl(p.buildingId, p.propertyName),
      };
    }
  }
}
