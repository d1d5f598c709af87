import { useEffect } from "react";

/**
 * The list item a link (a notification) pointed at: once it is on screen, it is scrolled to, marked
 * (`data-linked="true"`, styled in base.css) and focused, so the player lands on what the notification was about.
 */
export function useLinkedItem(attribute: string, value: string | null, ready: boolean): void {
  useEffect(() => {
    if (!value || !ready) return;
    const item = document.querySelector<HTMLElement>(`[${attribute}="${CSS.escape(value)}"]`);
    if (!item) return;
    item.dataset.linked = "true";
    if (!item.hasAttribute("tabindex")) item.tabIndex = -1;
    item.scrollIntoView({ block: "center" });
    item.focus({ preventScroll: true });
  }, [attribute, value, ready]);
}
