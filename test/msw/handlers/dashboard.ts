import { http, HttpResponse } from 'msw';
import type { BackupStatus } from '@contract/backups';
import type { DashboardFigures } from '@contract/dashboard';
import { API } from '../api';

export const dashboardFigures: DashboardFigures = {
  activeSiteCount: 12,
  incidentToday: 3,
  allIncidents: 150,
  upcomingVisitors: 41,
  checkedinVisitors: 17,
  overstayVisitors: 3,
  activeSupservisor: 5,
  inActiveSupservisor: 2,
  onDutyGuard: 23,
  totalGuard: 121,
  activeSecurityCompany: 2,
  inActiveSecurityCompany: 1,
  missedToday: 1,
  lateToday: 2,
  uncoveredNow: 1,
};

/** A backup taken on schedule: the superadmin's dashboard shows its time, without a warning. */
export const backupStatus: BackupStatus = {
  last_backup_at: '2026-11-24 01:00:00',
  every_hours: 24,
  overdue: false,
};

export const dashboardHandlers = [
  http.get(`${API}/dashboard/data`, () => HttpResponse.json({ resource: dashboardFigures })),
  http.get(`${API}/backups/latest`, () => HttpResponse.json({ resource: backupStatus })),
];
