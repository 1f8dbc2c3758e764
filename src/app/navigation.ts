import type { RoleType } from '../lib/contract/session';

export interface NavItem {
  label: string;
  path: string;
  icon: string;
}

const dashboard: NavItem = { label: 'Dashboard', path: '/dashboard', icon: '▦' };
const sites: NavItem = { label: 'Sites', path: '/sites', icon: '⌂' };
const incidents: NavItem = { label: 'Incidents', path: '/incidents', icon: '⚠' };
const visitors: NavItem = { label: 'Visitors', path: '/visitors', icon: '☺' };
const companies: NavItem = { label: 'Security Company', path: '/security-company', icon: '◈' };
const supervisors: NavItem = { label: 'Site Supervisors', path: '/site-super', icon: '☷' };
const guards: NavItem = { label: 'Guard', path: '/security-guards', icon: '⚑' };
const users: NavItem = { label: 'Users', path: '/users', icon: '⚇' };

const everyone = [dashboard, sites, incidents, visitors];

/** The side navigation of each role, as the spec lists it. */
export function navigationFor(role: RoleType | null): NavItem[] {
  switch (role) {
    case 'sitesupervisor':
      return [...everyone, guards];
    case 'securitycompany':
      return [...everyone, supervisors, guards, users];
    default:
      return [...everyone, companies, supervisors, guards, users];
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

/**
 * A role may open exactly the sections its navigation shows (and their detail screens);
 * the server enforces the same scope whatever the browser does.
 */
export function canOpen(role: RoleType | null, pathname: string): boolean {
  if (role === 'superadmin') return true;
  const section = sectionOf(pathname);
  return navigationFor(role).some((item) => item.path === section);
}
