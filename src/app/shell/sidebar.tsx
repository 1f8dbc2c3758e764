import { NavLink, useLocation } from 'react-router-dom';
import { useAppSelector } from '../hooks';
import { navigationFor, sectionOf } from '../navigation';
import { selectRole } from '../session/session-slice';

export function Sidebar({ id, collapsed }: { id: string; collapsed: boolean }) {
  const role = useAppSelector(selectRole);
  // A detail screen lights up the section it was opened from.
  const section = sectionOf(useLocation().pathname);
  return (
    <nav id={id} className={`sidebar${collapsed ? ' collapsed' : ''}`} aria-label="Main navigation">
      <ul className="nav flex-column">
        {navigationFor(role).map((item) => (
          <li className="nav-item" key={item.path}>
            <NavLink
              to={item.path}
              className={({ isActive }) =>
                `nav-link${isActive || item.path === section ? ' active' : ''}`
              }
              // Collapsed, only the icon shows: the tooltip names it for the mouse, and the label
              // stays in the link (visually hidden) for screen readers.
              title={collapsed ? item.label : undefined}
            >
              <item.icon size={20} className="nav-icon" />
              <span className="nav-label">{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
