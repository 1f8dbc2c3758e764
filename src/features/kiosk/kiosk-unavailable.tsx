import { useTranslation } from 'react-i18next';
import { Button } from 'reactstrap';
import { useFailureText } from './kiosk-failure';
import { KioskScreen } from './kiosk-screen';

/** The kiosk's site could not be read: say why, and offer to try again (it also does by itself). */
export function KioskUnavailable({ failure, onRetry }: { failure: unknown; onRetry: () => void }) {
  const { t } = useTranslation('kiosk');
  const failureText = useFailureText();
  return (
    <KioskScreen title={t('unavailable.title')} className="kiosk-narrow">
      <p className="kiosk-lead" role="alert">
        {failureText(failure)}
      </p>
      <p className="kiosk-hint">{t('common.retrying')}</p>
      <Button color="primary" size="lg" className="kiosk-button" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </KioskScreen>
  );
}
