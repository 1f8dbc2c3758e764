import { useRef, useState, type MouseEvent } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { selectRole, selectToken } from '../../features/session/session-slice';
import { useAppSelector } from '../hooks';
import { canOpen } from '../navigation';
import { Header } from './header';
import { IdleWarning } from './idle-warning';
import { Sidebar } from './sidebar';

const NAVIGATION_ID = 'main-navigation';
const MAIN_ID = 'main-content';

/** The authenticated frame: no token goes to /login, a screen outside the role goes to /dashboard. */
export function Shell() {
  const token = useAppSelector(selectToken);
  const role = useAppSelector(selectRole);
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
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
          <Outlet />
        </main>
      </div>
      <IdleWarning />
    </div>
  );
}
