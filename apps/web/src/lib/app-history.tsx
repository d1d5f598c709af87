import { paths, propertyDetailsUrl } from "@mx/shared/routes";
import type { Location } from "@mx/shared/schemas/properties";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { PageSpinner } from "../components/ui/spinner";

/**
 * Whether an earlier entry of this tab belongs to the app. The browser router numbers its
 * entries (`idx` in history.state), starting at 0 on the page that was loaded.
 */
export function hasAppHistory(): boolean {
  const state: unknown = window.history.state;
  const index = typeof state === "object" && state !== null && "idx" in state ? state.idx : 0;
  return typeof index === "number" && index > 0;
}

/** Back to the previous page of the app, or — with none — to the map (a full navigation). */
function useGoBack(): () => void {
  const navigate = useNavigate();
  return () => {
    if (hasAppHistory()) void navigate(-1);
    else window.location.replace(paths.map);
  };
}

/** The building a review screen is about, as Property Details opens by its address. */
export interface ReviewedBuilding {
  buildingId: string;
  name: string;
  /** Dollars; null reads as 0. */
  price: number | null;
  location: Location;
}

/** A review screen's Back: the previous page of the app, or — with none — the building's Property Details. */
export function useBackToBuilding({ buildingId: id, name, price, location }: ReviewedBuilding): () => void {
  const navigate = useNavigate();
  return () => {
    if (hasAppHistory()) void navigate(-1);
    else {
      const url = propertyDetailsUrl({ id, name, price: price ?? 0, lat: location.lat, lng: location.lng });
      void navigate(url, { replace: true });
    }
  };
}

/**
 * For a review screen opened with nothing to review: leaves at once
 * (docs/decisions/0009-selected-building-and-review-screens.md).
 */
export function LeaveReview() {
  const goBack = useGoBack();
  // StrictMode runs effects twice; going back twice would skip a page.
  const hasLeft = useRef(false);
  useEffect(() => {
    if (hasLeft.current) return;
    hasLeft.current = true;
    goBack();
  });
  return <PageSpinner />;
}
