import DoorOpen from 'lucide-react/icons/door-open';
import LogIn from 'lucide-react/icons/log-in';
import LogOut from 'lucide-react/icons/log-out';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { useKioskFormat } from './kiosk-format';
import { KioskScreen } from './kiosk-screen';
import { stepChosen, type GuardSession } from './kiosk-slice';

/**
 * What the guard came to do. The shift action that fits (start without an open shift, end with
 * one) comes first and largest; the other stays within reach for the odd case.
 */
export function GuardMenu({ session }: { session: GuardSession }) {
  const { t } = useTranslation('kiosk');
  const dispatch = useAppDispatch();
  const format = useKioskFormat();
  const { openShift } = session;
  const start = (
    <button
      key="start"
      type="button"
      className={`kiosk-action ${openShift ? 'kiosk-action-minor' : 'kiosk-action-main'}`}
      onClick={() => dispatch(stepChosen({ name: 'shift', kind: 'start' }))}
    >
      <LogIn size={36} aria-hidden="true" />
      {t('menu.startShift')}
    </button>
  );
  const end = (
    <button
      key="end"
      type="button"
      className={`kiosk-action ${openShift ? 'kiosk-action-main' : 'kiosk-action-minor'}`}
      onClick={() => dispatch(stepChosen({ name: 'shift', kind: 'end' }))}
    >
      <LogOut size={36} aria-hidden="true" />
      {t('menu.endShift')}
    </button>
  );
  return (
    <KioskScreen title={t('menu.title', { name: session.guard.name })}>
      <p className="kiosk-lead">
        {openShift
          ? t('menu.openShift', {
              site: openShift.residence_name,
              time: format.time(openShift.started_at),
            })
          : t('menu.noShift')}
      </p>
      <div role="group" aria-label={t('menu.choose')} className="kiosk-menu">
        {openShift ? [end, start] : [start, end]}
        <button
          type="button"
          className="kiosk-action"
          onClick={() => dispatch(stepChosen({ name: 'incident' }))}
        >
          <TriangleAlert size={36} aria-hidden="true" />
          {t('menu.reportIncident')}
        </button>
        <button
          type="button"
          className="kiosk-action"
          onClick={() => dispatch(stepChosen({ name: 'gate' }))}
        >
          <DoorOpen size={36} aria-hidden="true" />
          {t('menu.gate')}
        </button>
      </div>
    </KioskScreen>
  );
}
