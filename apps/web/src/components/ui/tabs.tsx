import { type KeyboardEvent, type ReactNode, useRef } from "react";
import "./tabs.css";

/**
 * Two or more tabs over one panel, as an ARIA tab list: only the selected tab is in the Tab order; the arrow keys,
 * Home and End move between tabs and select them at once (each panel is cheap to show).
 */
export function Tabs<T extends string>({
  idPrefix,
  tabs,
  labelOf,
  label,
  selected,
  onSelect,
  panelClassName,
  children,
}: {
  /** Makes the tab and panel ids unique on the page. */
  idPrefix: string;
  tabs: readonly T[];
  labelOf: (tab: T) => string;
  /** The tab list's accessible name. */
  label: string;
  selected: T;
  onSelect: (tab: T) => void;
  panelClassName?: string;
  children: ReactNode;
}) {
  const buttons = useRef<Partial<Record<T, HTMLButtonElement | null>>>({});
  const tabId = (tab: T) => `${idPrefix}-tab-${tab}`;
  const panelId = (tab: T) => `${idPrefix}-panel-${tab}`;

  const move = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.indexOf(selected);
    const last = tabs.length - 1;
    const next: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = tabs[next[event.key] ?? -1];
    if (!target) return;
    event.preventDefault();
    onSelect(target);
    buttons.current[target]?.focus();
  };

  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label}>
        {tabs.map((tab) => (
          <button
            key={tab}
            ref={(element) => {
              buttons.current[tab] = element;
            }}
            type="button"
            role="tab"
            id={tabId(tab)}
            className="tabs__tab"
            aria-selected={tab === selected}
            aria-controls={panelId(tab)}
            tabIndex={tab === selected ? 0 : -1}
            onClick={() => onSelect(tab)}
            onKeyDown={move}
          >
            {labelOf(tab)}
          </button>
        ))}
      </div>
      <div
        className={panelClassName}
        role="tabpanel"
        id={panelId(selected)}
        aria-labelledby={tabId(selected)}
      >
        {children}
      </div>
    </div>
  );
}
