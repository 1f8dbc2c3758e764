import { useEffect } from 'react';
import LogIn from 'lucide-react/icons/log-in';
import LogOut from 'lucide-react/icons/log-out';
import { useTranslation } from 'react-i18next';
import { Button } from 'reactstrap';
import { useKioskFormat } from './kiosk-format';
import { KioskScreen } from './kiosk-screen';
import type { KioskStep } from './kiosk-slice';

/** How long the result stays before the kiosk returns to its start screen by itself. */
const RESULT_SHOWN_MS = 6000;

/**
 * The recorded shift, unmistakable from a step away: IN or OUT, large, in its own colour and in
 * words, with the guard's name and the time.
 */
export function ShiftResult({
  result,
  guardName,
  onDone,
}: {
  result: Extract<KioskStep, { name: 'result' }>;
  guardName: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('kiosk');
  const format = useKioskFormat();
  const started = result.kind === 'start';
  const { attendance } = result;
  const time = format.time(
    (started ? attendance.started_at : attendance.ended_at) ?? result.recordedAt,
  );

  useEffect(() => {
    const timer = setTimeout(onDone, RESULT_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [onDone]);

  const Icon = started ? LogIn : LogOut;
  return (
    <KioskScreen
      title={started ? t('result.started') : t('result.ended')}
      className={`kiosk-result kiosk-result-${started ? 'in' : 'out'}`}
    >
      <p className="kiosk-result-mark">
        <Icon size={72} aria-hidden="true" />
        {started ? t('result.in') : t('result.out')}
      </p>
      <p className="kiosk-result-name">{guardName}</p>
      <p className="kiosk-result-time">
        {started ? t('result.startedAt', { time }) : t('result.endedAt', { time })}
      </p>
      {attendance.away_from_site ? <p className="kiosk-lead">{t('result.away')}</p> : null}
      <p className="kiosk-lead">{t('result.returning')}</p>
      <Button color="light" size="lg" className="kiosk-button" onClick={onDone}>
        {t('result.done')}
      </Button>
    </KioskScreen>
  );
}
