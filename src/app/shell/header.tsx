import { useState } from 'react';
import KeyRound from 'lucide-react/icons/key-round';
import LogOut from 'lucide-react/icons/log-out';
import Menu from 'lucide-react/icons/menu';
import MonitorSmartphone from 'lucide-react/icons/monitor-smartphone';
import ScrollText from 'lucide-react/icons/scroll-text';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { useNavigate } from 'react-router-dom';
import { Dropdown, DropdownItem, DropdownMenu, DropdownToggle } from 'reactstrap';
import { appConfig } from '../../config';
import { AlertBell } from '../../features/alerts/alert-bell';
import {
  selectCompanyName,
  selectIdentityUuid,
  selectProfile,
  selectRole,
  signOut,
} from '../session/session-slice';
import { useAppDispatch, useAppSelector } from '../hooks';
import { AUDIT_LOG_PATH, canReadAudit } from '../navigation';

export interface HeaderProps {
  /** Whether the side navigation shows its labels; the toggle announces it as aria-expanded. */
  navigationExpanded: boolean;
  navigationId: string;
  onToggleNavigation: () => void;
}

export function Header({ navigationExpanded, navigationId, onToggleNavigation }: HeaderProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const profile = useAppSelector(selectProfile);
  const companyName = useAppSelector(selectCompanyName);
  const identityUuid = useAppSelector(selectIdentityUuid);
  const role = useAppSelector(selectRole);
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <header className="app-header">
      <button
        type="button"
        className="btn nav-toggle"
        aria-label="Toggle navigation"
        aria-expanded={navigationExpanded}
        aria-controls={navigationId}
        onClick={onToggleNavigation}
      >
        <Menu size={22} />
      </button>
      <div className="app-brand">
        <ShieldCheck size={22} className="app-brand-icon" />
        <span className="app-title">{companyName || appConfig.brandLabel}</span>
      </div>
      <AlertBell />
      <Dropdown isOpen={menuOpen} toggle={() => setMenuOpen((open) => !open)}>
        <DropdownToggle caret color="light" className="greeting">
          Hi, {profile?.name}
        </DropdownToggle>
        {/*
         * reactstrap makes the whole dropdown box a role=menu, where the version text (not an
         * action) is not allowed; so the box has no role and only the actions form the menu.
         */}
        <DropdownMenu end role={undefined} className="user-menu">
          <div role="menu" aria-label="Account">
            <DropdownItem onClick={() => void dispatch(signOut())}>
              <LogOut size={16} />
              Logout
            </DropdownItem>
            <DropdownItem
              onClick={() =>
                navigate(`/resetpassword?iuuid=${encodeURIComponent(identityUuid ?? '')}`)
              }
            >
              <KeyRound size={16} />
              Change Password
            </DropdownItem>
            <DropdownItem onClick={() => navigate('/sessions')}>
              <MonitorSmartphone size={16} />
              Signed-in devices
            </DropdownItem>
            {canReadAudit(role) ? (
              <DropdownItem onClick={() => navigate(AUDIT_LOG_PATH)}>
                <ScrollText size={16} />
                Audit Log
              </DropdownItem>
            ) : null}
          </div>
          <hr className="dropdown-divider" />
          <p className="user-menu-version">{appConfig.version}</p>
        </DropdownMenu>
      </Dropdown>
    </header>
  );
}
