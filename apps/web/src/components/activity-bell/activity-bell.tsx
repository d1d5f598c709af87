import { describeActivity } from "@mx/shared/activity-text";
import type { Activity } from "@mx/shared/schemas/live";
import { type MouseEvent, useEffect, useRef, useState } from "react";
import { activityStore, useActivities } from "../../lib/activities";
import { formatDateTime } from "../../lib/format-date";
import { Dialog } from "../ui/dialog";
import { ErrorBox } from "../ui/error-box";
import { BellIcon } from "../ui/icons";
import { Spinner } from "../ui/spinner";
import "./activity-bell.css";

const bellCopy = {
  title: "Notifications",
  label: (unread: number) =>
    unread === 0 ? "Notifications, none unread" : `Notifications, ${unread} unread`,
  markAllRead: "Mark all read",
  markingRead: "Marking…",
  loadMore: "Show older",
  empty: "No notifications yet",
  emptyHint: "Bids on your buildings, answers to your bids and payouts show up here.",
  retry: "Try again",
  close: "Close",
  unread: "Unread",
  arrived: (title: string, body: string) => `New notification: ${title}. ${body}`,
} as const;

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

interface ActivityBellProps {
  /** In the app, follows a link without reloading the page; on the map page links are full navigations. */
  onNavigate?: (url: string) => void;
}

/**
 * The bell with the unread count; it opens the player's activity feed. New entries arrive on the live channel,
 * raise the count and are announced to screen readers.
 */
export function ActivityBell({ onNavigate }: ActivityBellProps) {
  const feed = useActivities();
  const [isOpen, setIsOpen] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [ring, setRing] = useState(0);
  const seen = useRef<Activity | null>(feed.arrived);

  useEffect(() => {
    if (!feed.arrived || feed.arrived === seen.current) return;
    seen.current = feed.arrived;
    const { title, body } = describeActivity(feed.arrived);
    setAnnouncement(bellCopy.arrived(title, body));
    setRing((n) => n + 1);
  }, [feed.arrived]);

  const unread = feed.unreadCount;
  const open = () => {
    setIsOpen(true);
    void activityStore.refresh();
  };
  const follow = (url: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onNavigate) return;
    event.preventDefault();
    setIsOpen(false);
    onNavigate(url);
  };
  const now = Date.now();
  const more = feed.activities.length < feed.totalCount;

  return (
    <div className="bell">
      <button
        type="button"
        className="icon-button bell__button"
        aria-label={bellCopy.label(unread)}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        data-unread={unread}
        onClick={open}
      >
        <span key={ring} className={ring > 0 ? "bell__icon bell__icon--ring" : "bell__icon"}>
          <BellIcon size={22} />
        </span>
        {unread > 0 ? (
          <span className="bell__badge" aria-hidden="true">
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </button>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>

      <Dialog isOpen={isOpen} title={bellCopy.title} onClose={() => setIsOpen(false)}>
        <div className="feed">
          {feed.status === "loading" || feed.status === "idle" ? (
            <div className="feed__state">
              <Spinner showLabel />
            </div>
          ) : null}
          {feed.status === "error" ? (
            <div className="feed__state">
              <ErrorBox>{feed.error}</ErrorBox>
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => void activityStore.refresh()}
              >
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
              {feed.activities.map((activity) => {
                const { title, body, url } = describeActivity(activity);
                const isUnread = activity.readAt === null;
                return (
                  <li key={activity.id} className={isUnread ? "feed__item feed__item--unread" : "feed__item"}>
                    <a
                      className="feed__link"
                      href={url}
                      onClick={follow(url)}
                      data-activity-type={activity.type}
                    >
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
              })}
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
        <div className="dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={() => setIsOpen(false)}>
            {bellCopy.close}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={unread === 0 || feed.markingRead}
            onClick={() => void activityStore.markAllRead()}
          >
            {feed.markingRead ? bellCopy.markingRead : bellCopy.markAllRead}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
