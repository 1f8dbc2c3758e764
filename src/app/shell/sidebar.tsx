import { NavLink, useLocation } from 'react-router-dom';
import { useAppSelector } from '../hooks';
import { navigationFor, sectionOf } from '../navigation';
import { selectRole } from '../../features/session/session-slice';

export function Sidebar({ collapsed }: { collapsed: boolean }) {
  const role = useAppSelector(selectRole);
  // A detail screen lights up the section it was opened from.
  const section = sectionOf(useLocation().pathname);
  return (
    <nav className={`sidebar${collapsed ? ' collapsed' : ''}`} aria-label="Main navigation">
      <ul className="nav flex-column">
        {navigationFor(role).map((item) => (
          <li className="nav-item" key={item.path}>
            <NavLink
              to={item.path}
              className={({ isActive }) =>
                `nav-link${isActive || item.path === section ? ' active' : ''}`
              }
              title={item.label}
            >
              <span className="nav-icon" aria-hidden="true">
                {item.icon}
              </span>
              <span className="nav-label">{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
