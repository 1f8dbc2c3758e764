import { useId, useState, type ReactNode } from 'react';
import { Nav, NavItem, NavLink } from 'reactstrap';

export interface PageTab {
  label: string;
  render: () => ReactNode;
}

/** Tabs over a page's sections; only the chosen one is rendered, so only its list is fetched. */
export function PageTabs({ tabs }: { tabs: readonly PageTab[] }) {
  const idPrefix = useId();
  const [chosen, setChosen] = useState(0);
  const active = tabs[chosen] ?? tabs[0];
  const tabId = (index: number) => `${idPrefix}-tab-${index}`;
  const panelId = `${idPrefix}-panel`;

  return (
    <>
      <Nav tabs role="tablist" className="mb-3">
        {tabs.map((tab, index) => (
          <NavItem key={tab.label} role="presentation">
            <NavLink
              tag="button"
              type="button"
              role="tab"
              id={tabId(index)}
              active={index === chosen}
              aria-selected={index === chosen}
              aria-controls={panelId}
              onClick={() => setChosen(index)}
            >
              {tab.label}
            </NavLink>
          </NavItem>
        ))}
      </Nav>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(chosen)}>
        {active?.render()}
      </div>
    </>
  );
}
