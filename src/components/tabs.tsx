import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface Tab {
  /** Names the tab while the list changes around it; unique among the tabs. */
  id: string;
  label: string;
  render: () => ReactNode;
}

export interface TabsProps {
  tabs: readonly Tab[];
  /** Names the tab list for screen readers, e.g. 'Guard details'. */
  label: string;
}

/**
 * Tabs over a page's sections, as the WAI-ARIA tabs pattern has them: one tab stop (the chosen
 * tab), Left and Right move to the previous and next tab and choose it, Home and End to the first
 * and last. Only the chosen panel is rendered, so only its list is fetched. The first tab shows at
 * first, and again whenever the chosen one is no longer among `tabs` (say, a site's feature was
 * switched off); the choice comes back if its tab does.
 */
export function Tabs({ tabs, label }: TabsProps) {
  const idPrefix = useId();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const tabButtons = useRef(new Map<string, HTMLButtonElement>());
  const active = tabs.find((tab) => tab.id === chosenId) ?? tabs[0];
  const tabId = (tab: Tab) => `${idPrefix}-${tab.id}-tab`;
  const panelId = (tab: Tab) => `${idPrefix}-${tab.id}-panel`;

  function moveTo(tab: Tab | undefined) {
    if (!tab) return;
    setChosenId(tab.id);
    tabButtons.current.get(tab.id)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === active?.id);
    const last = tabs.length - 1;
    const targets: Record<string, number> = {
      ArrowLeft: index === 0 ? last : index - 1,
      ArrowRight: index === last ? 0 : index + 1,
      Home: 0,
      End: last,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    moveTo(tabs[target]);
  }

  return (
    <>
      <div role="tablist" aria-label={label} className="nav nav-tabs mb-3" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const selected = tab.id === active?.id;
          return (
            <button
              key={tab.id}
              ref={(button) => {
                if (button) tabButtons.current.set(tab.id, button);
                else tabButtons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab)}
              className={`nav-link${selected ? ' active' : ''}`}
              aria-selected={selected}
              aria-controls={panelId(tab)}
              tabIndex={selected ? 0 : -1}
              onClick={() => setChosenId(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {active ? (
        // Focusable, as the pattern asks, so Tab from the tab list lands on the panel even when
        // its content starts with text.
        <div role="tabpanel" id={panelId(active)} aria-labelledby={tabId(active)} tabIndex={0}>
          {active.render()}
        </div>
      ) : null}
    </>
  );
}
