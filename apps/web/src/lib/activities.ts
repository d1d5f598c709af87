import { api } from "@mx/shared/routes";
import type { ActivitiesData, Activity, MarkReadData } from "@mx/shared/schemas/live";
import { useEffect, useSyncExternalStore } from "react";
import { apiRequest, errorMessage } from "./api-client";
import { live } from "./live";

/*
 * The player's activity feed behind the bell: the first page, more on demand, the unread count, and entries added
 * as they arrive on the live channel. A small store of its own (not React Query), so the map page, which has no
 * query client, shows the same bell as the app.
 */

const ACTIVITIES_PAGE = 20;

const listPath = (limit: number, offset: number) => `${api.activities}?limit=${limit}&offset=${offset}`;

export interface ActivitiesState {
  status: "idle" | "loading" | "ready" | "error";
  activities: Activity[];
  totalCount: number;
  unreadCount: number;
  loadingMore: boolean;
  markingRead: boolean;
  error: string | null;
  /** The newest entry that arrived live (for an announcement), if any. */
  arrived: Activity | null;
}

const initial: ActivitiesState = {
  status: "idle",
  activities: [],
  totalCount: 0,
  unreadCount: 0,
  loadingMore: false,
  markingRead: false,
  error: null,
  arrived: null,
};

const LOAD_FAILED = "Notifications could not be loaded.";
const MARK_FAILED = "Could not mark notifications as read. Try again.";

class ActivityStore {
  private state: ActivitiesState = initial;
  private readonly subscribers = new Set<() => void>();
  private users = 0;
  private stopLive: (() => void) | null = null;
  private generation = 0;

  readonly subscribe = (callback: () => void) => {
    this.subscribers.add(callback);
    return () => this.subscribers.delete(callback);
  };

  readonly getSnapshot = () => this.state;

  private set(patch: Partial<ActivitiesState>) {
    this.state = { ...this.state, ...patch };
    for (const callback of this.subscribers) callback();
  }

  /** A component showing the feed mounted: load it and follow the live channel while anyone shows it. */
  retain(): () => void {
    this.users += 1;
    if (this.users === 1) {
      this.stopLive = live.subscribe({
        onActivity: (activity) => this.add(activity),
        onResync: () => void this.refresh(),
      });
      if (this.state.status === "idle" || this.state.status === "error") void this.refresh();
    }
    return () => {
      this.users -= 1;
      if (this.users === 0) {
        this.stopLive?.();
        this.stopLive = null;
      }
    };
  }

  /** The first page again (and the counts). */
  async refresh(): Promise<void> {
    const generation = ++this.generation;
    if (this.state.status !== "ready") this.set({ status: "loading", error: null });
    try {
      const { data } = await apiRequest<ActivitiesData>(listPath(ACTIVITIES_PAGE, 0), { auth: true });
      if (generation !== this.generation) return;
      this.set({
        status: "ready",
        activities: data.activities,
        totalCount: data.totalCount,
        unreadCount: data.unreadCount,
        error: null,
      });
    } catch (error) {
      if (generation !== this.generation) return;
      this.set({
        status: this.state.status === "ready" ? "ready" : "error",
        error: errorMessage(error, LOAD_FAILED),
      });
    }
  }

  async loadMore(): Promise<void> {
    if (this.state.loadingMore || this.state.activities.length >= this.state.totalCount) return;
    this.set({ loadingMore: true, error: null });
    try {
      const { data } = await apiRequest<ActivitiesData>(
        listPath(ACTIVITIES_PAGE, this.state.activities.length),
        { auth: true },
      );
      const known = new Set(this.state.activities.map((a) => a.id));
      this.set({
        activities: [...this.state.activities, ...data.activities.filter((a) => !known.has(a.id))],
        totalCount: data.totalCount,
        unreadCount: data.unreadCount,
        loadingMore: false,
      });
    } catch (error) {
      this.set({ loadingMore: false, error: errorMessage(error, LOAD_FAILED) });
    }
  }

  async markAllRead(): Promise<void> {
    if (this.state.markingRead) return;
    this.set({ markingRead: true, error: null });
    try {
      const { data } = await apiRequest<MarkReadData>(api.activitiesRead, { method: "POST", auth: true });
      const now = new Date().toISOString();
      this.set({
        markingRead: false,
        unreadCount: data.unreadCount,
        activities: this.state.activities.map((a) => (a.readAt ? a : { ...a, readAt: now })),
      });
    } catch (error) {
      this.set({ markingRead: false, error: errorMessage(error, MARK_FAILED) });
    }
  }

  /** An entry that just arrived on the live channel. */
  add(activity: Activity): void {
    if (this.state.activities.some((a) => a.id === activity.id)) return;
    this.set({
      activities: [activity, ...this.state.activities],
      totalCount: this.state.totalCount + 1,
      unreadCount: this.state.unreadCount + (activity.readAt ? 0 : 1),
      arrived: activity,
    });
  }
}

export const activityStore = new ActivityStore();

/** The feed, loaded and kept live while the calling component is mounted. */
export function useActivities(): ActivitiesState {
  useEffect(() => activityStore.retain(), []);
  return useSyncExternalStore(activityStore.subscribe, activityStore.getSnapshot);
}
