import { useState } from "react";
import { mapTexts } from "./copy";

const SEEN_KEY = "mx.mapGuideSeen";

function alreadySeen(): boolean {
  try {
    return window.localStorage.getItem(SEEN_KEY) !== null;
  } catch {
    return true;
  }
}

function markSeen() {
  try {
    window.localStorage.setItem(SEEN_KEY, new Date().toISOString());
  } catch {
    // Private browsing without storage: the guide simply shows again next time.
  }
}

/**
 * A short guide for a player's first visit to the map: find and buy or bid, own and develop or sell, follow the
 * market and the portfolio. It sits clear of the search, the zoom buttons and the legend. It is shown once
 * (marked seen as soon as it shows), takes no focus and blocks nothing, and Skip or Done closes it.
 */
export function FirstRunGuide({ hidden }: { hidden: boolean }) {
  const [step, setStep] = useState<number | null>(() => {
    if (alreadySeen()) return null;
    markSeen();
    return 0;
  });
  if (step === null || hidden) return null;
  const steps = mapTexts.guideSteps;
  const current = steps[step];
  if (!current) return null;
  const last = step === steps.length - 1;
  return (
    <section className="mx-guide" aria-labelledby="mx-guide-title" data-guide-step={step + 1}>
      <p className="mx-guide__count">{mapTexts.guideCount(step + 1, steps.length)}</p>
      <h2 id="mx-guide-title" className="mx-guide__title">
        {current.title}
      </h2>
      <p className="mx-guide__text">{current.text}</p>
      <div className="mx-guide__actions">
        {last ? null : (
          <button type="button" className="btn btn--ghost" onClick={() => setStep(null)}>
            {mapTexts.guideSkip}
          </button>
        )}
        <button type="button" className="btn btn--primary" onClick={() => setStep(last ? null : step + 1)}>
          {last ? mapTexts.guideDone : mapTexts.guideNext}
        </button>
      </div>
    </section>
  );
}
