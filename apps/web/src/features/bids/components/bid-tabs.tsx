import { type KeyboardEvent, type ReactNode, useRef } from "react";
import { BID_TABS, type BidTab, tabLabel } from "../bid-list";
import { bidsCopy } from "../copy";

export const tabId = (tab: BidTab) => `bids-tab-${tab}`;
export const panelId = (tab: BidTab) => `bids-panel-${tab}`;

/**
 * Sell | Buy as an ARIA tab list: one tab in the Tab order (the selected one), the arrow keys,
 * Home and End move between tabs and select them at once (the panel is one list, cheap to show).
 */
export function BidTabs({
  selected,
  onSelect,
  children,
}: {
  selected: BidTab;
  onSelect: (tab: BidTab) => void;
  children: ReactNode;
}) {
  const tabs = useRef<Partial<Record<BidTab, HTMLButtonElement | null>>>({});

  const move = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = BID_TABS.indexOf(selected);
    const last = BID_TABS.length - 1;
    const next: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = BID_TABS[next[event.key] ?? -1];
    if (!target) return;
    event.preventDefault();
    onSelect(target);
    tabs.current[target]?.focus();
  };

  return (
    <div className="bid-tabs">
      <div className="bid-tabs__list" role="tablist" aria-label={bidsCopy.tabsLabel}>
        {BID_TABS.map((tab) => {
          const isSelected = tab === selected;
          return (
            <button
              key={tab}
              ref={(element) => {
                tabs.current[tab] = element;
              }}
              type="button"
              role="tab"
              id={tabId(tab)}
              className="bid-tabs__tab"
              aria-selected={isSelected}
              aria-controls={panelId(tab)}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab)}
              onKeyDown={move}
            >
              {tabLabel(tab)}
            </button>
          );
        })}
      </div>
      <div
        className="bid-tabs__panel"
        role="tabpanel"
        id={panelId(selected)}
        aria-labelledby={tabId(selected)}
      >
        <p className="bid-tabs__intro">{selected === "sell" ? bidsCopy.sellTabHint : bidsCopy.buyTabHint}</p>
        {children}
      </div>
    </div>
  );
}
