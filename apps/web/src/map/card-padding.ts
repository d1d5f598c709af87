import type { Padding } from "./map-controller";

const PHONE = "(max-width: 549.98px)";

/** Room the card takes over the map, so a building flown to lands where it can be seen. */
export function cardPadding(card: HTMLElement | null): Padding {
  const phone = window.matchMedia(PHONE).matches;
  const rect = card?.getBoundingClientRect();
  if (phone) return { top: 0, right: 0, left: 0, bottom: rect ? rect.height : window.innerHeight * 0.4 };
  return { top: 0, right: 0, bottom: 0, left: rect ? rect.right + 16 : 420 };
}
