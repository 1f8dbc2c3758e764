import { useTranslation } from 'react-i18next';
import { Button } from 'reactstrap';
import { KioskScreen } from './kiosk-screen';

/** The kiosk's site could not be read: say why, and offer to try again. */
export function KioskUnavailable({
  offline,
  message,
  onRetry,
}: {
  offline: boolean;
  message: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation('kiosk');
  return (
    <KioskScreen title={t('unavailable.title')} className="kiosk-narrow">
      <p className="kiosk-lead" role="alert">
        {offline ? t('common.offline') : message}
      </p>
      <Button color="primary" size="lg" className="kiosk-button" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </KioskScreen>
  );
}
