import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from 'reactstrap';
import type { GuardFailure } from '../../api/client';
import { useFailureText } from './kiosk-failure';
import { KioskScreen } from './kiosk-screen';

/**
 * What a browser without a kiosk credential shows at /kiosk: how to set it up. `refusal` is the
 * server's when it refused this device's credential (the kiosk was revoked).
 */
export function NotSetUpScreen({ refusal }: { refusal: GuardFailure | null }) {
  const { t } = useTranslation('kiosk');
  const failureText = useFailureText();
  return (
    <KioskScreen title={t('notSetUp.title')} className="kiosk-narrow">
      {refusal !== null ? (
        <Alert color="danger" fade={false}>
          <p className="mb-1 fw-semibold">{t('notSetUp.revoked')}</p>
          {refusal.message || refusal.code ? <p className="mb-0">{failureText(refusal)}</p> : null}
        </Alert>
      ) : null}
      <h2 className="kiosk-subtitle">{t('notSetUp.howTitle')}</h2>
      <ol className="kiosk-steps">
        <li>{t('notSetUp.step1')}</li>
        <li>{t('notSetUp.step2')}</li>
        <li>{t('notSetUp.step3')}</li>
      </ol>
      <Link to="/login" className="btn btn-primary btn-lg kiosk-button">
        {t('notSetUp.signIn')}
      </Link>
    </KioskScreen>
  );
}
