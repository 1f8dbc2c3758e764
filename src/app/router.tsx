import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { LoadingOverlay } from '../components/loading-overlay';

/**
 * A route whose module loads on its first visit (the router waits for it before it shows the
 * route), so /login loads only the public layout and the sign-in form.
 */
function lazyScreen<Module>(
  load: () => Promise<Module>,
  render: (module: Module) => ReactNode,
): RouteObject['lazy'] {
  return async () => ({ element: render(await load()) });
}

/**
 * The spec's route table: three public routes, the kiosk, everything else inside the authenticated
 * shell.
 */
export const routes: RouteObject[] = [
  {
    // Shown while the first screen's modules load.
    hydrateFallbackElement: <LoadingOverlay />,
    children: [
      {
        lazy: lazyScreen(
          () => import('./public-layout'),
          ({ PublicLayout }) => <PublicLayout />,
        ),
        children: [
          {
            path: '/login',
            lazy: lazyScreen(
              () => import('../features/session/login-page'),
              ({ LoginPage }) => <LoginPage />,
            ),
          },
          {
            path: '/forgetpassword',
            lazy: lazyScreen(
              () => import('../features/password/forgot-password-page'),
              ({ ForgotPasswordPage }) => <ForgotPasswordPage />,
            ),
          },
          {
            path: '/resetpassword',
            lazy: lazyScreen(
              () => import('../features/password/reset-password-page'),
              ({ ResetPasswordPage }) => <ResetPasswordPage />,
            ),
          },
        ],
      },
      {
        // The guardhouse kiosk: full screen, outside both frames, with a credential of its own.
        path: '/kiosk',
        lazy: lazyScreen(
          () => import('../features/kiosk/kiosk-page'),
          ({ KioskPage }) => <KioskPage />,
        ),
      },
      {
        // The guard's own phone (issue 38): full screen like the kiosk, with the guard's sign-in.
        path: '/guard',
        lazy: lazyScreen(
          () => import('../features/kiosk/phone-page'),
          ({ PhonePage }) => <PhonePage />,
        ),
      },
      {
        // The visitor's e-pass: open to anyone with the link, on a phone, with no sign-in.
        path: '/pass/:token',
        lazy: lazyScreen(
          () => import('../features/epass/epass-page'),
          ({ EPassPage }) => <EPassPage />,
        ),
      },
      {
        lazy: lazyScreen(
          () => import('./shell/shell'),
          ({ Shell }) => <Shell />,
        ),
        children: [
          {
            path: '/dashboard',
            lazy: lazyScreen(
              () => import('./pages/dashboard-page'),
              ({ DashboardPage }) => <DashboardPage />,
            ),
          },
          {
            path: '/sites',
            lazy: lazyScreen(
              () => import('../features/sites/sites-page'),
              ({ SitesPage }) => <SitesPage />,
            ),
          },
          {
            path: '/site-details/:siteUuid/:companyUuid',
            lazy: lazyScreen(
              () => import('./pages/site-details-page'),
              ({ SiteDetailsPage }) => <SiteDetailsPage />,
            ),
          },
          {
            path: '/incidents',
            lazy: lazyScreen(
              () => import('../features/incidents/incidents-page'),
              ({ IncidentsPage }) => <IncidentsPage />,
            ),
          },
          {
            path: '/incidents-view/:uuid',
            lazy: lazyScreen(
              () => import('../features/incidents/incident-details-page'),
              ({ IncidentDetailsPage }) => <IncidentDetailsPage />,
            ),
          },
          {
            path: '/visitors',
            lazy: lazyScreen(
              () => import('../features/visitors/visitors-page'),
              ({ VisitorsPage }) => <VisitorsPage />,
            ),
          },
          {
            path: '/visitor-details/:uuid',
            lazy: lazyScreen(
              () => import('../features/visitors/visitor-details-page'),
              ({ VisitorDetailsPage }) => <VisitorDetailsPage />,
            ),
          },
          {
            path: '/security-guards',
            lazy: lazyScreen(
              () => import('./pages/guards-page'),
              ({ GuardsPage }) => <GuardsPage />,
            ),
          },
          {
            path: '/guard-details/:uuid',
            lazy: lazyScreen(
              () => import('./pages/guard-details-page'),
              ({ GuardDetailsPage }) => <GuardDetailsPage />,
            ),
          },
          {
            path: '/site-super',
            lazy: lazyScreen(
              () => import('../features/site-supervisors/site-supervisors-page'),
              ({ SiteSupervisorsPage }) => <SiteSupervisorsPage />,
            ),
          },
          {
            path: '/security-company',
            lazy: lazyScreen(
              () => import('../features/security-companies/companies-page'),
              ({ CompaniesPage }) => <CompaniesPage />,
            ),
          },
          {
            path: '/sessions',
            lazy: lazyScreen(
              () => import('../features/sessions/sessions-page'),
              ({ SessionsPage }) => <SessionsPage />,
            ),
          },
          {
            path: '/audit-log',
            lazy: lazyScreen(
              () => import('../features/audit-log/audit-log-page'),
              ({ AuditLogPage }) => <AuditLogPage />,
            ),
          },
          {
            path: '/watchlist',
            lazy: lazyScreen(
              () => import('../features/watchlist/watchlist-page'),
              ({ WatchlistPage }) => <WatchlistPage />,
            ),
          },
          {
            path: '/rosters',
            lazy: lazyScreen(
              () => import('../features/shifts/rosters-page'),
              ({ RostersPage }) => <RostersPage />,
            ),
          },
          {
            path: '/patrols',
            lazy: lazyScreen(
              () => import('./pages/patrols-page'),
              ({ PatrolsPage }) => <PatrolsPage />,
            ),
          },
          {
            path: '/patrols/stickers',
            lazy: lazyScreen(
              () => import('../features/checkpoints/sticker-sheet-page'),
              ({ StickerSheetPage }) => <StickerSheetPage />,
            ),
          },
          {
            path: '/users',
            lazy: lazyScreen(
              () => import('./pages/logins-page'),
              ({ LoginsPage }) => <LoginsPage />,
            ),
          },
          {
            path: '/rosters/now',
            lazy: lazyScreen(
              () => import('../features/shifts/now-board-page'),
              ({ NowBoardPage }) => <NowBoardPage />,
            ),
          },
          {
            path: '/rosters/shifts',
            lazy: lazyScreen(
              () => import('../features/shifts/shift-list-page'),
              ({ ShiftListPage }) => <ShiftListPage />,
            ),
          },
          {
            path: '/alerts',
            lazy: lazyScreen(
              () => import('../features/alerts/alerts-page'),
              ({ AlertsPage }) => <AlertsPage />,
            ),
          },
          { path: '*', element: <Navigate to="/dashboard" replace /> },
        ],
      },
    ],
  },
];

export function makeRouter() {
  return createBrowserRouter(routes);
}
