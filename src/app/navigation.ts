import BriefcaseBusiness from 'lucide-react/icons/briefcase-business';
import CalendarDays from 'lucide-react/icons/calendar-days';
import Building2 from 'lucide-react/icons/building-2';
import ContactRound from 'lucide-react/icons/contact-round';
import KeyRound from 'lucide-react/icons/key-round';
import Route from 'lucide-react/icons/route';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import Shield from 'lucide-react/icons/shield';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import UserCog from 'lucide-react/icons/user-cog';
import UserX from 'lucide-react/icons/user-x';
import type { LucideIcon } from 'lucide-react';
import type { FigureAccent } from '../components/figure-card';
import type { RoleType } from '@contract/session';

/** A section of the console: its navigation entry, and the icon and accent its cards share. */
export interface Section {
  label: string;
  path: string;
  icon: LucideIcon;
  accent: FigureAccent;
}

/** Every section once; the navigation, the dashboard and the site details read them from here. */
export const SECTIONS = {
  dashboard: { label: 'Dashboard', path: '/dashboard', icon: LayoutDashboard, accent: 'slate' },
  sites: { label: 'Sites', path: '/sites', icon: Building2, accent: 'blue' },
  incidents: { label: 'Incidents', path: '/incidents', icon: TriangleAlert, accent: 'amber' },
  visitors: { label: 'Visitors', path: '/visitors', icon: ContactRound, accent: 'teal' },
  companies: {
    label: 'Security Company',
    path: '/security-company',
    icon: BriefcaseBusiness,
    accent: 'slate',
  },
  supervisors: { label: 'Site Supervisors', path: '/site-super', icon: UserCog, accent: 'violet' },
  guards: { label: 'Guard', path: '/security-guards', icon: Shield, accent: 'green' },
  users: { label: 'Users', path: '/users', icon: KeyRound, accent: 'slate' },
  watchlist: { label: 'Watchlist', path: '/watchlist', icon: UserX, accent: 'amber' },
  rosters: { label: 'Roster', path: '/rosters', icon: CalendarDays, accent: 'teal' },
  patrols: { label: 'Patrols', path: '/patrols', icon: Route, accent: 'blue' },
} as const satisfies Record<string, Section>;

const {
  dashboard,
  sites,
  incidents,
  visitors,
  companies,
  supervisors,
  guards,
  users,
  watchlist,
  rosters,
  patrols,
} = SECTIONS;
const everyone: Section[] = [dashboard, sites, incidents, visitors];

/** The side navigation of each role, as the spec lists it. */
export function navigationFor(role: RoleType | null): Section[] {
  switch (role) {
    case 'sitesupervisor':
      return [...everyone, guards, rosters, patrols];
    case 'securitycompany':
      return [...everyone, supervisors, guards, users, watchlist, rosters, patrols];
    default:
      return [...everyone, companies, supervisors, guards, users, watchlist, rosters, patrols];
  }
}

/** Detail screens open from a list, so each belongs to that list's section. */
const sectionOfDetail: Record<string, string> = {
  'site-details': '/sites',
  'incidents-view': '/incidents',
  'visitor-details': '/visitors',
  'guard-details': '/security-guards',
};

/** The navigation section a path belongs to: '/guard-details/x' belongs to '/security-guards'. */
export function sectionOf(pathname: string): string {
  const first = pathname.split('/')[1] ?? '';
  return sectionOfDetail[first] ?? `/${first}`;
}

/** Screens of one's own account, from the header menu and its bell: every role has them. */
const ACCOUNT_SECTIONS: readonly string[] = ['/sessions', '/alerts'];

/** The audit trail's screen, from the header menu. */
export const AUDIT_LOG_PATH = '/audit-log';

/**
 * Who reads the audit trail (the Audit Log, the History tabs): the superadmin all of it, a
 * security company its own. The server refuses a site supervisor, so it is shown none of it.
 */
export function canReadAudit(role: RoleType | null): boolean {
  return role === 'superadmin' || role === 'securitycompany';
}

/**
 * A role may open exactly the sections its navigation shows (and their detail screens), and its
 * own account's screens; the server enforces the same scope whatever the browser does.
 */
export function canOpen(role: RoleType | null, pathname: string): boolean {
  if (role === 'superadmin') return true;
  const section = sectionOf(pathname);
  if (role !== null && ACCOUNT_SECTIONS.includes(section)) return true;
  if (section === AUDIT_LOG_PATH) return canReadAudit(role);
  return navigationFor(role).some((item) => item.path === section);
}
