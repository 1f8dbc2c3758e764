import { lazy, Suspense } from 'react';
import { useAppSelector } from '../hooks';
import { canReadAudit } from '../navigation';
import { LoadingOverlay } from '../../components/loading-overlay';
import { Tabs, type Tab } from '../../components/tabs';
import type { Site } from '@contract/sites';
import { AttendanceList } from '../../features/attendances/attendance-list';
import { AuditList } from '../../features/audit-log/audit-list';
import { AUDIT_TEXT } from '../../features/audit-log/audit-text';
import { GuardsList } from '../../features/guards/guards-list';
import { IncidentsList } from '../../features/incidents/incidents-list';
import { selectRole } from '../session/session-slice';
import { UnitsList } from '../../features/units/units-list';
import { SitePatrols } from './site-patrols';
import { VisitorsList } from '../../features/visitors/visitors-list';

// The week grid and its dialogs load with the tab, not with the site's page.
const SiteRoster = lazy(() =>
  import('../../features/shifts/site-roster').then(({ SiteRoster }) => ({ default: SiteRoster })),
);

/**
 * Guards always, and first, so that a tab whose flag was switched off falls back to Guards; the
 * others by the site’s feature flags (spec part 1, site details), the Roster where guards can be
 * rostered (issue 36), Patrols with the guard service (issue 38); History last, for those who read
 * the audit trail.
 */
function tabsOf(site: Site, withHistory: boolean): Tab[] {
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
  if (site.kipleguard_reporting === 1) {
    tabs.push({
      id: 'incidents',
      label: 'Incidents',
      render: () => <IncidentsList residenceUuid={site.uuid} />,
    });
  }
  if (site.kipleguard_visitors === 1) {
    tabs.push({
      id: 'visitors',
      label: 'Visitors',
      render: () => <VisitorsList residenceUuid={site.uuid} />,
    });
    // Whom the gate calls for a unit: visitors come to units.
    tabs.push({
      id: 'units',
      label: 'Units',
      render: () => <UnitsList residenceUuid={site.uuid} />,
    });
  }
  // A roster needs guards to put on it: the guard service, and a company whose guards they are.
  if (site.kipleguard_enabled === 1 && site.security_company_uuid) {
    tabs.push({
      id: 'roster',
      label: 'Roster',
      render: () => (
        <Suspense fallback={<LoadingOverlay />}>
          <SiteRoster siteUuid={site.uuid} siteName={site.name} />
        </Suspense>
      ),
    });
  }
  // Rounds are walked by the site's guards, as the roster puts them there (issue 38).
  if (site.kipleguard_enabled === 1 && site.security_company_uuid) {
    tabs.push({
      id: 'patrols',
      label: 'Patrols',
      render: () => <SitePatrols residenceUuid={site.uuid} />,
    });
  }
  if (withHistory) {
    tabs.push({
      id: 'history',
      label: AUDIT_TEXT.historyTab,
      render: () => <AuditList entityUuid={site.uuid} />,
    });
  }
  return tabs;
}

/** The site's tabs; only the chosen one is rendered, so only its list is fetched. */
export function SiteTabs({ site }: { site: Site }) {
  const withHistory = canReadAudit(useAppSelector(selectRole));
  return <Tabs label="Site details" tabs={tabsOf(site, withHistory)} />;
}
