import { http, HttpResponse } from 'msw';
import type { DashboardFigures } from '@contract/dashboard';
import { API } from '../api';

export const dashboardFigures: DashboardFigures = {
  activeSiteCount: 12,
  incidentToday: 3,
  allIncidents: 150,
  upcomingVisitors: 41,
  checkedinVisitors: 17,
  activeSupservisor: 5,
  inActiveSupservisor: 2,
  onDutyGuard: 23,
  totalGuard: 121,
  activeSecurityCompany: 2,
  inActiveSecurityCompany: 1,
};

export const dashboardHandlers = [
  http.get(`${API}/dashboard/data`, () => HttpResponse.json({ resource: dashboardFigures })),
];
