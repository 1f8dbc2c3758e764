import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { GuardDetailsPage } from '../features/guards/guard-details-page';
import { GuardsPage } from '../features/guards/guards-page';
import { LoginPage } from '../features/session/login-page';
import { SiteDetailsPage } from '../features/sites/site-details-page';
import { SitesPage } from '../features/sites/sites-page';
import { NotBuiltPage } from './not-built-page';
import { PublicBackLink, PublicLayout } from './public-layout';
import { Shell } from './shell/shell';

/** The spec's route table: three public routes, everything else inside the authenticated shell. */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: '/login', element: <LoginPage /> },
      {
        path: '/forgetpassword',
        element: (
          <NotBuiltPage title="Forgot your Password?">
            <PublicBackLink />
          </NotBuiltPage>
        ),
      },
      {
        path: '/resetpassword',
        element: (
          <NotBuiltPage title="Reset your Password">
            <PublicBackLink />
          </NotBuiltPage>
        ),
      },
    ],
  },
  {
    element: <Shell />,
    children: [
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/sites', element: <SitesPage /> },
      { path: '/site-details/:siteUuid/:companyUuid', element: <SiteDetailsPage /> },
      { path: '/incidents', element: <NotBuiltPage title="Incidents" /> },
      { path: '/incidents-view/:uuid', element: <NotBuiltPage title="Incident" /> },
      { path: '/visitors', element: <NotBuiltPage title="Visitors" /> },
      { path: '/visitor-details/:uuid', element: <NotBuiltPage title="Visitor Details" /> },
      { path: '/security-guards', element: <GuardsPage /> },
      { path: '/guard-details/:uuid', element: <GuardDetailsPage /> },
      { path: '/site-super', element: <NotBuiltPage title="Site Supervisors" /> },
      { path: '/security-company', element: <NotBuiltPage title="Security Companies" /> },
      { path: '/users', element: <NotBuiltPage title="Logins" /> },
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
];

export function makeRouter() {
  return createBrowserRouter(routes);
}
