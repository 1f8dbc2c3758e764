import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { selectRole, selectToken } from '../../features/session/session-slice';
import { useAppSelector } from '../hooks';
import { canOpen } from '../navigation';
import { Header } from './header';
import { Sidebar } from './sidebar';

/** The authenticated frame: no token goes to /login, a screen outside the role goes to /dashboard. */
export function Shell() {
  const token = useAppSelector(selectToken);
  const role = useAppSelector(selectRole);
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);

  if (!token) return <Navigate to="/login" replace />;
  if (!canOpen(role, pathname)) return <Navigate to="/dashboard" replace />;

  return (
    <div className={`app-shell${collapsed ? ' nav-collapsed' : ''}`}>
      <Header onToggleNavigation={() => setCollapsed((value) => !value)} />
      <div className="app-body">
        <Sidebar collapsed={collapsed} />
        <main className="app-content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
