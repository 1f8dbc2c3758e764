import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { ColumnChoiceOwnerProvider } from '../../components/column-choice';
import { narrowScreenQuery } from '../../components/narrow-screen';
import { selectProfile, selectRole, selectToken } from '../session/session-slice';
import { useAppSelector } from '../hooks';
import { canOpen } from '../navigation';
import { SosBanner } from '../../features/alerts/sos-banner';
import { Header } from './header';
import { IdleWarning } from './idle-warning';
import { Sidebar } from './sidebar';

const NAVIGATION_ID = 'main-navigation';
const MAIN_ID = 'main-content';

/**
 * Whether the sidebar is collapsed: by default below Bootstrap's lg breakpoint (a tablet upright),
 * following the screen when it crosses the breakpoint (a tablet turned), and as the user toggles
 * it in between.
 */
function useCollapsedNavigation() {
  const [collapsed, setCollapsed] = useState(() => narrowScreenQuery()?.matches ?? false);
  useEffect(() => {
    const query = narrowScreenQuery();
    if (!query) return undefined;
    const follow = (event: MediaQueryListEvent) => setCollapsed(event.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  return [collapsed, setCollapsed] as const;
}

/** The authenticated frame: no token goes to /login, a screen outside the role goes to /dashboard. */
export function Shell() {
  const token = useAppSelector(selectToken);
  const role = useAppSelector(selectRole);
  // Column choices are kept per login (by its email, which never changes) in this browser.
  const owner = useAppSelector(selectProfile)?.email ?? null;
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useCollapsedNavigation();
  const main = useRef<HTMLElement>(null);

  if (!token) return <Navigate to="/login" replace />;
  if (!canOpen(role, pathname)) return <Navigate to="/dashboard" replace />;

  // Focus moves to <main> itself, so the next Tab reaches its first control; the router would
  // otherwise treat the #fragment as a navigation.
  function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    main.current?.focus();
  }

  return (
    <div className={`app-shell${collapsed ? ' nav-collapsed' : ''}`}>
      <a href={`#${MAIN_ID}`} className="skip-link" onClick={skipToMain}>
        Skip to main content
      </a>
      <Header
        navigationExpanded={!collapsed}
        navigationId={NAVIGATION_ID}
        onToggleNavigation={() => setCollapsed((value) => !value)}
      />
      <div className="app-body">
        <Sidebar id={NAVIGATION_ID} collapsed={collapsed} />
        <main id={MAIN_ID} ref={main} tabIndex={-1} className="app-content">
          <SosBanner />
          <ColumnChoiceOwnerProvider value={owner}>
            <Outlet />
          </ColumnChoiceOwnerProvider>
        </main>
      </div>
      <IdleWarning />
    </div>
  );
}
