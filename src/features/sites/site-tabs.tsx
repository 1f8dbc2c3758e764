import { Tabs, type Tab } from '../../components/tabs';
import type { Site } from '../../lib/contract/sites';
import { AttendanceList } from '../attendances/attendance-list';
import { GuardsList } from '../guards/guards-list';
import { VisitorsList } from '../visitors/visitors-list';

/** Their screens come with a later issue; the tab already shows where they will be. */
function notYetTab(id: string, label: string): Tab {
  return {
    id,
    label,
    render: () => (
      <p className="text-muted py-4">
        {label} of this site will appear here once the {label} screen is available.
      </p>
    ),
  };
}

/**
 * Guards always, and first, so that a tab whose flag was switched off falls back to Guards; the
 * others by the site's feature flags (spec part 1, site details).
 */
function tabsOf(site: Site): Tab[] {
  const tabs: Tab[] = [
    { id: 'guards', label: 'Guards', render: () => <GuardsList residenceUuid={site.uuid} /> },
  ];
  if (site.kipleguard_attendance === 1) {
    tabs.push({
      id: 'attendance',
      label: 'Attendance',
      render: () => <AttendanceList residenceUuid={site.uuid} />,
    });
  }
  if (site.kipleguard_reporting === 1) tabs.push(notYetTab('incidents', 'Incidents'));
  if (site.kipleguard_visitors === 1) {
    tabs.push({
      id: 'visitors',
      label: 'Visitors',
      render: () => <VisitorsList residenceUuid={site.uuid} />,
    });
  }
  return tabs;
}

/** The site's tabs; only the chosen one is rendered, so only its list is fetched. */
export function SiteTabs({ site }: { site: Site }) {
  return <Tabs label="Site details" tabs={tabsOf(site)} />;
}
