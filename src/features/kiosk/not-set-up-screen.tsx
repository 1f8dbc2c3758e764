import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from 'reactstrap';
import { KioskScreen } from './kiosk-screen';

/**
 * What a browser without a kiosk credential shows at /kiosk: how to set it up. `revokedMessage`
 * is the server's word when it refused this device's credential (the kiosk was revoked).
 */
export function NotSetUpScreen({ revokedMessage }: { revokedMessage: string | null }) {
  const { t } = useTranslation('kiosk');
  return (
    <KioskScreen title={t('notSetUp.title')} className="kiosk-narrow">
      {revokedMessage !== null ? (
        <Alert color="danger" fade={false}>
          <p className="mb-1 fw-semibold">{t('notSetUp.revoked')}</p>
          {revokedMessage ? <p className="mb-0">{revokedMessage}</p> : null}
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
