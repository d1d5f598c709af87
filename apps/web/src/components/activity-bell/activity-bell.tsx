import { describeActivity } from "@mx/shared/activity-text";
import type { Activity } from "@mx/shared/schemas/live";
import { type MouseEvent, useEffect, useRef, useState } from "react";
import { activityStore, useActivities } from "../../lib/activities";
import { Dialog } from "../ui/dialog";
import { BellIcon } from "../ui/icons";
import { ActivityFeed } from "./activity-feed";
import "./activity-bell.css";
import { bellCopy } from "./bell-copy";

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
        <ActivityFeed feed={feed} follow={follow} />
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
