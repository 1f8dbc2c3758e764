import DoorOpen from 'lucide-react/icons/door-open';
import LogIn from 'lucide-react/icons/log-in';
import LogOut from 'lucide-react/icons/log-out';
import Route from 'lucide-react/icons/route';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { useKioskFormat } from './kiosk-format';
import { KioskScreen } from './kiosk-screen';
import { stepChosen, type GuardSession } from './kiosk-slice';

/**
 * What the guard came to do. Only the shift action that fits is offered (start without an open
 * shift, end with one), first and largest: verify-pin's answer says which, so a guard never takes
 * a selfie for a shift the server would refuse.
 */
export function GuardMenu({
  session,
  patrols = false,
}: {
  session: GuardSession;
  /** Walking rounds is offered on the guard's phone, not at a guardhouse kiosk. */
  patrols?: boolean;
}) {
  const { t } = useTranslation('kiosk');
  const dispatch = useAppDispatch();
  const format = useKioskFormat();
  const { openShift, rosteredShift } = session;
  const kind = openShift ? 'end' : 'start';
  const ShiftIcon = openShift ? LogOut : LogIn;
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
      {rosteredShift ? (
        <p className="kiosk-lead">
          {t('menu.rostered', {
            name: rosteredShift.name,
            start: format.time(rosteredShift.starts_at),
            end: format.time(rosteredShift.ends_at),
            site: rosteredShift.residence_name,
          })}
          {rosteredShift.at_this_site ? null : (
            <strong className="d-block text-danger">
              <TriangleAlert aria-hidden="true" size={20} className="me-2" />
              {t('menu.rosteredElsewhere', { site: rosteredShift.residence_name })}
            </strong>
          )}
        </p>
      ) : null}
      <div role="group" aria-label={t('menu.choose')} className="kiosk-menu">
        <button
          type="button"
          className="kiosk-action kiosk-action-main"
          onClick={() => dispatch(stepChosen({ name: 'shift', kind }))}
        >
          <ShiftIcon size={36} aria-hidden="true" />
          {openShift ? t('menu.endShift') : t('menu.startShift')}
        </button>
        {patrols ? (
          <button
            type="button"
            className="kiosk-action"
            onClick={() => dispatch(stepChosen({ name: 'patrol' }))}
          >
            <Route size={36} aria-hidden="true" />
            {t('menu.patrol')}
          </button>
        ) : null}
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
