import ShieldCheck from 'lucide-react/icons/shield-check';
import { Outlet } from 'react-router-dom';
import { BackLink } from '../components/back-link';
import { appConfig } from '../config';
import { selectToken } from './session/session-slice';
import { useAppSelector } from './hooks';

/** The frame of the pages open without signing in (sign-in, forgot and reset password). */
export function PublicLayout() {
  return (
    <main className="public-page">
      <div className="public-card card">
        <div className="card-body">
          <p className="public-brand">
            <ShieldCheck size={28} />
            {appConfig.brandLabel}
          </p>
          <Outlet />
        </div>
      </div>
    </main>
  );
}

/**
 * The way back from a public page: a signed-in user reaches reset password from Change Password,
 * so goes back to the dashboard; anyone else to sign-in.
 */
export function PublicBackLink() {
  const signedIn = useAppSelector(selectToken) !== null;
  return signedIn ? (
    <BackLink to="/dashboard">Back to Dashboard</BackLink>
  ) : (
    <BackLink to="/login">Back to Sign In</BackLink>
  );
}
