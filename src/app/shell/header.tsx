import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dropdown, DropdownItem, DropdownMenu, DropdownToggle } from 'reactstrap';
import { appConfig } from '../../config';
import {
  selectCompanyName,
  selectIdentityUuid,
  selectProfile,
  signOut,
} from '../../features/session/session-slice';
import { useAppDispatch, useAppSelector } from '../hooks';

export function Header({ onToggleNavigation }: { onToggleNavigation: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const profile = useAppSelector(selectProfile);
  const companyName = useAppSelector(selectCompanyName);
  const identityUuid = useAppSelector(selectIdentityUuid);
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <header className="app-header">
      <button
        type="button"
        className="btn btn-link nav-toggle"
        aria-label="Toggle navigation"
        onClick={onToggleNavigation}
      >
        ☰
      </button>
      <div className="app-title">{companyName || appConfig.brandLabel}</div>
      <Dropdown isOpen={menuOpen} toggle={() => setMenuOpen((open) => !open)}>
        <DropdownToggle caret color="light" className="greeting">
          Hi, {profile?.name}
        </DropdownToggle>
        <DropdownMenu end>
          <DropdownItem onClick={() => void dispatch(signOut())}>Logout</DropdownItem>
          <DropdownItem
            onClick={() =>
              navigate(`/resetpassword?iuuid=${encodeURIComponent(identityUuid ?? '')}`)
            }
          >
            Change Password
          </DropdownItem>
          <DropdownItem divider />
          <DropdownItem text className="text-muted small">
            {appConfig.version}
          </DropdownItem>
        </DropdownMenu>
      </Dropdown>
    </header>
  );
}
