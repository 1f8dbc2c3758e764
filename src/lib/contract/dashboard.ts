/** The answer of GET /dashboard/data; the misspelt names are the original API's. */
export interface DashboardFigures {
  activeSiteCount: number;
  incidentToday: number;
  allIncidents: number;
  upcomingVisitors: number;
  checkedinVisitors: number;
  /** Visitors still inside after their pass's window (issue 23's Overstay). */
  overstayVisitors: number;
  activeSupservisor: number;
  inActiveSupservisor: number;
  onDutyGuard: number;
  totalGuard: number;
  activeSecurityCompany: number;
  inActiveSecurityCompany: number;
  /** Rosters (issue 36): today's no-show shifts, late starts, and posts below headcount now. */
  missedToday: number;
  lateToday: number;
  uncoveredNow: number;
}

/** The answer of GET /dashboard/sitedata: the figures that belong to sites. */
export type SiteFigures = Pick<
  DashboardFigures,
  | 'upcomingVisitors'
  | 'checkedinVisitors'
  | 'overstayVisitors'
  | 'incidentToday'
  | 'allIncidents'
  | 'onDutyGuard'
  | 'totalGuard'
  | 'missedToday'
  | 'lateToday'
  | 'uncoveredNow'
>;
