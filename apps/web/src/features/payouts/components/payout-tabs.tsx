import { texts } from "@mx/shared/messages";
import { type KeyboardEvent, type ReactNode, useRef } from "react";
import { payoutsCopy } from "../copy";

export const PAYOUT_MODES = ["manual", "instant"] as const;
export type PayoutMode = (typeof PAYOUT_MODES)[number];

const labels: Record<PayoutMode, string> = { manual: texts.manual, instant: texts.instant };
const tabId = (mode: PayoutMode) => `payouts-tab-${mode}`;
const panelId = (mode: PayoutMode) => `payouts-panel-${mode}`;

/**
 * Manual | Instant as an ARIA tab list: the selected tab is in the Tab order; arrow keys, Home and End move
 * between tabs and select them.
 */
export function PayoutTabs({
  selected,
  onSelect,
  children,
}: {
  selected: PayoutMode;
  onSelect: (mode: PayoutMode) => void;
  children: ReactNode;
}) {
  const tabs = useRef<Partial<Record<PayoutMode, HTMLButtonElement | null>>>({});

  const move = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = PAYOUT_MODES.indexOf(selected);
    const last = PAYOUT_MODES.length - 1;
    const next: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = PAYOUT_MODES[next[event.key] ?? -1];
    if (!target) return;
    event.preventDefault();
    onSelect(target);
    tabs.current[target]?.focus();
  };

  return (
    <div className="payouts-tabs">
      <div className="payouts-tabs__list" role="tablist" aria-label={payoutsCopy.tabsLabel}>
        {PAYOUT_MODES.map((mode) => (
          <button
            key={mode}
            ref={(element) => {
              tabs.current[mode] = element;
            }}
            type="button"
            role="tab"
            id={tabId(mode)}
            className="payouts-tabs__tab"
            aria-selected={mode === selected}
            aria-controls={panelId(mode)}
            tabIndex={mode === selected ? 0 : -1}
            onClick={() => onSelect(mode)}
            onKeyDown={move}
          >
            {labels[mode]}
          </button>
        ))}
      </div>
      <div
        className="payouts-tabs__panel"
        role="tabpanel"
        id={panelId(selected)}
        aria-labelledby={tabId(selected)}
      >
        {children}
      </div>
    </div>
  );
}
