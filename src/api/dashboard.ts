import { apiGet } from './client';
import { equals } from './filters';

export interface DashboardFigures {
  activeSiteCount: number;
  incidentToday: number;
  allIncidents: number;
  upcomingVisitors: number;
  checkedinVisitors: number;
  activeSupservisor: number;
  inActiveSupservisor: number;
  onDutyGuard: number;
  totalGuard: number;
  activeSecurityCompany: number;
  inActiveSecurityCompany: number;
}

export type SiteFigures = Pick<
  DashboardFigures,
  | 'upcomingVisitors'
  | 'checkedinVisitors'
  | 'incidentToday'
  | 'allIncidents'
  | 'onDutyGuard'
  | 'totalGuard'
>;

export async function getFigures(): Promise<DashboardFigures> {
  return (await apiGet<{ resource: DashboardFigures }>('/dashboard/data')).resource;
}

export async function getSiteFigures(siteUuid: string): Promise<SiteFigures> {
  const params = { filter: equals('residence_uuid', siteUuid) };
  return (await apiGet<{ resource: SiteFigures }>('/dashboard/sitedata', { params })).resource;
}
