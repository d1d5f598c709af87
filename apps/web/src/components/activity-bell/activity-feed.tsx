import { describeActivity } from "@mx/shared/activity-text";
import type { Activity } from "@mx/shared/schemas/live";
import type { MouseEvent } from "react";
import { type ActivitiesState, activityStore } from "../../lib/activities";
import { formatDateTime } from "../../lib/format-date";
import { ErrorBox } from "../ui/error-box";
import { Spinner } from "../ui/spinner";
import { bellCopy } from "./bell-copy";

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });

/** "just now", "5 minutes ago", "yesterday", then the date. */
function timeAgo(iso: string, now: number): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return "just now";
  if (abs < 3600) return relative.format(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), "hour");
  if (abs < 7 * 86_400) return relative.format(Math.round(seconds / 86_400), "day");
  return formatDateTime(iso);
}

/** Follows an entry's link: given the entry's url, the click handler of its anchor. */
type Follow = (url: string) => (event: MouseEvent<HTMLAnchorElement>) => void;

/** One entry of the feed, marked for screen readers while unread. */
function FeedItem({ activity, now, follow }: { activity: Activity; now: number; follow: Follow }) {
  const { title, body, url } = describeActivity(activity);
  const isUnread = activity.readAt === null;
  return (
    <li className={isUnread ? "feed__item feed__item--unread" : "feed__item"}>
      <a className="feed__link" href={url} onClick={follow(url)} data-activity-type={activity.type}>
        <span className="feed__title">
          {isUnread ? <span className="visually-hidden">{bellCopy.unread}: </span> : null}
          {title}
        </span>
        <span className="feed__body">{body}</span>
        <time className="feed__time" dateTime={activity.createdAt}>
          {timeAgo(activity.createdAt, now)}
        </time>
      </a>
    </li>
  );
}

/** The activity feed inside the bell's dialog: loading, failed, empty, or the entries with Show older. */
export function ActivityFeed({ feed, follow }: { feed: ActivitiesState; follow: Follow }) {
  const now = Date.now();
  const more = feed.activities.length < feed.totalCount;
  return (
    <div className="feed">
      {feed.status === "loading" || feed.status === "idle" ? (
        <div className="feed__state">
          <Spinner showLabel />
        </div>
      ) : null}
      {feed.status === "error" ? (
        <div className="feed__state">
          <ErrorBox>{feed.error}</ErrorBox>
          <button type="button" className="btn btn--secondary" onClick={() => void activityStore.refresh()}>
            {bellCopy.retry}
          </button>
        </div>
      ) : null}
      {feed.status === "ready" && feed.activities.length === 0 ? (
        <div className="feed__state feed__empty">
          <p className="feed__empty-title">{bellCopy.empty}</p>
          <p className="feed__empty-hint">{bellCopy.emptyHint}</p>
        </div>
      ) : null}
      {feed.status === "ready" && feed.activities.length > 0 ? (
        <ul className="feed__list" aria-label={bellCopy.title}>
          {feed.activities.map((activity) => (
            <FeedItem key={activity.id} activity={activity} now={now} follow={follow} />
          ))}
        </ul>
      ) : null}
      {feed.status === "ready" && feed.error ? <ErrorBox>{feed.error}</ErrorBox> : null}
      {more && feed.status === "ready" ? (
        <button
          type="button"
          className="btn btn--secondary feed__more"
          disabled={feed.loadingMore}
          onClick={() => void activityStore.loadMore()}
        >
          {feed.loadingMore ? <Spinner /> : null}
          {bellCopy.loadMore}
        </button>
      ) : null}
    </div>
  );
}
