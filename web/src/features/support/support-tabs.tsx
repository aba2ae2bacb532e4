/**
 * The FAQ categories as an ARIA tablist with automatic activation: the selected tab is the only one
 * in the tab order; Left/Right arrows (wrapping), Home and End move to a tab, select it and focus it.
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { supportTexts as texts } from './texts';
import { CategoryIcon } from './category-icon';
import type { SupportCategory } from './support-faqs';

interface SupportTabsProps {
  categories: SupportCategory[];
  selected: string;
  onSelect: (category: string) => void;
  /** Prefix of the tab and panel element ids (unique per page). */
  idPrefix: string;
  /** The selected category's panel. */
  children: ReactNode;
}

export const tabId = (prefix: string, index: number) => `${prefix}-tab-${index}`;
const panelId = (prefix: string) => `${prefix}-panel`;

/** The tab index a key moves to from `current`, or null for keys the tablist does not handle. */
export function tabIndexAfterKey(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

export function SupportTabs({ categories, selected, onSelect, idPrefix, children }: SupportTabsProps) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const selectedIndex = Math.max(
    0,
    categories.findIndex((group) => group.category === selected),
  );

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const next = tabIndexAfterKey(event.key, selectedIndex, categories.length);
    if (next === null) return;
    event.preventDefault();
    onSelect(categories[next]!.category);
    tabs.current[next]?.focus();
  }

  return (
    <>
      <div className="support-tabs" role="tablist" aria-label={texts.tabsLabel}>
        {categories.map((group, index) => {
          const isSelected = index === selectedIndex;
          return (
            <button
              key={group.category}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={tabId(idPrefix, index)}
              aria-selected={isSelected}
              aria-controls={panelId(idPrefix)}
              tabIndex={isSelected ? 0 : -1}
              className="support-tab"
              onClick={() => onSelect(group.category)}
              onKeyDown={onKeyDown}
            >
              <CategoryIcon category={group.category} />
              <span>{group.title}</span>
            </button>
          );
        })}
      </div>
      <div
        className="support-panel"
        role="tabpanel"
        id={panelId(idPrefix)}
        aria-labelledby={tabId(idPrefix, selectedIndex)}
        tabIndex={0}
      >
        {children}
      </div>
    </>
  );
}
