import { useId, useState, type ReactNode } from 'react';
import { Nav, NavItem, NavLink } from 'reactstrap';
import type { Site } from '../../api/sites';
import { AttendanceList } from '../attendances/attendance-list';
import { GuardsList } from '../guards/guards-list';

type SiteTab = 'guards' | 'attendance' | 'incidents' | 'visitors';

const TAB_LABELS: Record<SiteTab, string> = {
  guards: 'Guards',
  attendance: 'Attendance',
  incidents: 'Incidents',
  visitors: 'Visitors',
};

/** Guards always; the others by the site's feature flags (spec part 1, site details). */
function tabsOf(site: Site): SiteTab[] {
  const tabs: SiteTab[] = ['guards'];
  if (site.kipleguard_attendance === 1) tabs.push('attendance');
  if (site.kipleguard_reporting === 1) tabs.push('incidents');
  if (site.kipleguard_visitors === 1) tabs.push('visitors');
  return tabs;
}

function TabContent({ tab, siteUuid }: { tab: SiteTab; siteUuid: string }): ReactNode {
  switch (tab) {
    case 'guards':
      return <GuardsList residenceUuid={siteUuid} />;
    case 'attendance':
      return <AttendanceList residenceUuid={siteUuid} />;
    case 'incidents':
    case 'visitors':
      // Their screens come with a later issue; the tab already shows where they will be.
      return (
        <p className="text-muted py-4">
          {TAB_LABELS[tab]} of this site will appear here once the {TAB_LABELS[tab]} screen is
          available.
        </p>
      );
  }
}

/** The site's tabs; only the chosen one is rendered, so only its list is fetched. */
export function SiteTabs({ site }: { site: Site }) {
  const idPrefix = useId();
  const tabs = tabsOf(site);
  const [chosen, setChosen] = useState<SiteTab>('guards');
  // A tab whose flag was switched off falls back to Guards.
  const active = tabs.includes(chosen) ? chosen : 'guards';
  const tabId = (tab: SiteTab) => `${idPrefix}-${tab}-tab`;
  const panelId = `${idPrefix}-panel`;

  return (
    <>
      <Nav tabs role="tablist" className="mb-3">
        {tabs.map((tab) => (
          <NavItem key={tab} role="presentation">
            <NavLink
              tag="button"
              type="button"
              role="tab"
              id={tabId(tab)}
              active={tab === active}
              aria-selected={tab === active}
              aria-controls={panelId}
              onClick={() => setChosen(tab)}
            >
              {TAB_LABELS[tab]}
            </NavLink>
          </NavItem>
        ))}
      </Nav>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(active)}>
        <TabContent tab={active} siteUuid={site.uuid} />
      </div>
    </>
  );
}
