import { GO_TO_TOP_THRESHOLD_PX } from "@mx/shared/constants";
import { type RefObject, useEffect, useState } from "react";
import { ArrowUpIcon } from "../../../components/ui/icons";
import { legalCopy } from "../copy";

function isPastThreshold(): boolean {
  return window.scrollY > GO_TO_TOP_THRESHOLD_PX;
}

/** Shown once the page has scrolled past the threshold; takes the reader, and the focus, back to the top. */
export function GoToTop({ focusTarget }: { focusTarget: RefObject<HTMLElement | null> }) {
  const [isShown, setIsShown] = useState(isPastThreshold);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setIsShown(isPastThreshold());
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, []);

  if (!isShown) return null;

  const goToTop = () => {
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduceMotion ? "auto" : "smooth" });
    focusTarget.current?.focus({ preventScroll: true });
  };

  return (
    <button type="button" className="legal-top" aria-label={legalCopy.goToTop} onClick={goToTop}>
      <ArrowUpIcon size={22} />
    </button>
  );
}
