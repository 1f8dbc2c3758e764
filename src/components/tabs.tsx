import { useId, useState, type ReactNode } from 'react';
import { Nav, NavItem, NavLink } from 'reactstrap';

export interface Tab {
  /** Names the tab while the list changes around it; unique among the tabs. */
  id: string;
  label: string;
  render: () => ReactNode;
}

/**
 * Tabs over a page's sections; only the chosen one is rendered, so only its list is fetched. The
 * first tab shows at first, and again whenever the chosen one is no longer among `tabs` (say, a
 * site's feature was switched off); the choice comes back if its tab does.
 */
export function Tabs({ tabs }: { tabs: readonly Tab[] }) {
  const idPrefix = useId();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const active = tabs.find((tab) => tab.id === chosenId) ?? tabs[0];
  const tabId = (tab: Tab) => `${idPrefix}-${tab.id}-tab`;
  const panelId = `${idPrefix}-panel`;

  return (
    <>
      <Nav tabs role="tablist" className="mb-3">
        {tabs.map((tab) => (
          <NavItem key={tab.id} role="presentation">
            <NavLink
              tag="button"
              type="button"
              role="tab"
              id={tabId(tab)}
              active={tab.id === active?.id}
              aria-selected={tab.id === active?.id}
              aria-controls={panelId}
              onClick={() => setChosenId(tab.id)}
            >
              {tab.label}
            </NavLink>
          </NavItem>
        ))}
      </Nav>
      <div role="tabpanel" id={panelId} aria-labelledby={active && tabId(active)}>
        {active?.render()}
      </div>
    </>
  );
}
