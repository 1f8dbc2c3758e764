import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Button } from 'reactstrap';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { LoadingOverlay } from '../../components/loading-overlay';
import { createI18n, storedLanguage } from '../../i18n/i18n';
import { KIOSK_LANGUAGES, kioskResources } from '../../i18n/kiosk';
import type { KioskData } from '@contract/guard-app';
import { selectToken, signOut } from '../../app/session/session-slice';
import { GuardMenu } from './guard-menu';
import { readDeviceToken } from '../../lib/kiosk-device';
import { KioskClock } from './kiosk-clock';
import { OutboxProvider, useOutbox } from './kiosk-outbox';
import { useAutoRetry } from './kiosk-retry';
import { KioskUnavailable } from './kiosk-unavailable';
import {
  endGuardSession,
  loadKiosk,
  selectDevice,
  selectGuardSession,
  selectStep,
  stepChosen,
} from './kiosk-slice';
import { LanguageSwitch } from './language-switch';
import { NotSetUpScreen } from './not-set-up-screen';
import { PinScreen } from './pin-screen';
import { ShiftResult } from './shift-result';
import { ShiftScreen } from './shift-screen';
import { StartScreen } from './start-screen';
import './kiosk.css';

/** The gate and the incident form load when a guard first opens them. */
const GateScreen = lazy(() =>
  import('./gate-screen').then(({ GateScreen }) => ({ default: GateScreen })),
);
const IncidentScreen = lazy(() =>
  import('./incident-screen').then(({ IncidentScreen }) => ({ default: IncidentScreen })),
);
const PatrolScreen = lazy(() =>
  import('./patrol-screen').then(({ PatrolScreen }) => ({ default: PatrolScreen })),
);

/**
 * The guard's phone (issue 38) runs the kiosk's steps with its own start (the guard's sites and
 * sign-out), walks rounds, and locks back to the PIN where a kiosk signs the guard out.
 */
export interface PhoneMode {
  start: ReactNode;
  /** The SOS button, in the bar on every screen. */
  sos: ReactNode;
  onLock: () => void;
  onSignOut: () => void;
}

/** A guard who walks away is signed out after this long without a touch or a key. */
const IDLE_RETURN_MS = 120_000;

/** Ends the present guard's session; one whose reports still wait keeps it until they are sent. */
function useEndGuardSession() {
  const dispatch = useAppDispatch();
  const outbox = useOutbox();
  const session = useAppSelector(selectGuardSession);
  const token = session?.token ?? null;
  return useCallback(() => {
    const signOut = token !== null && !outbox.holdsReportsOf(token) ? token : null;
    void dispatch(endGuardSession({ signOut }));
  }, [dispatch, outbox, token]);
}

/** Calls `onIdle` after `ms` without a pointer or key, while `active`. */
function useIdleReturn(active: boolean, onIdle: () => void) {
  useEffect(() => {
    if (!active) return;
    let timer = setTimeout(onIdle, IDLE_RETURN_MS);
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(onIdle, IDLE_RETURN_MS);
    };
    const events = ['pointerdown', 'keydown'] as const;
    events.forEach((name) => window.addEventListener(name, restart));
    return () => {
      clearTimeout(timer);
      events.forEach((name) => window.removeEventListener(name, restart));
    };
  }, [active, onIdle]);
}

/** The steps of the kiosk (or the phone): the start screen, then one guard's visit. */
export function KioskFlow({ kiosk, phone }: { kiosk: KioskData; phone?: PhoneMode }) {
  const { t } = useTranslation('kiosk');
  const dispatch = useAppDispatch();
  const step = useAppSelector(selectStep);
  const session = useAppSelector(selectGuardSession);
  const endKioskSession = useEndGuardSession();
  const endSession = phone ? phone.onLock : endKioskSession;
  useIdleReturn(session !== null && step.name !== 'result' && step.name !== 'patrol', endSession);
  const start = phone ? phone.start : <StartScreen />;

  function screen() {
    if (step.name === 'start') return start;
    if (step.name === 'pin') return <PinScreen key={step.guard.uuid} guard={step.guard} />;
    if (!session) return start;
    switch (step.name) {
      case 'menu':
        return <GuardMenu session={session} patrols={phone !== undefined} />;
      case 'shift':
        return <ShiftScreen key={step.kind} kind={step.kind} pinOnly={kiosk.pin_only_shifts} />;
      case 'result':
        return (
          <ShiftResult
            result={step}
            guardName={session.guard.name}
            onDone={phone ? () => dispatch(stepChosen({ name: 'menu' })) : endSession}
          />
        );
      case 'patrol':
        return <PatrolScreen siteUuid={kiosk.residence.uuid} />;
      case 'incident':
        return <IncidentScreen siteUuid={kiosk.residence.uuid} guardToken={session.token} />;
      case 'gate':
        return <GateScreen />;
    }
  }

  return (
    <div className="kiosk">
      <header className="kiosk-bar">
        <p className="kiosk-site">{kiosk.residence.name}</p>
        <KioskClock />
        <LanguageSwitch />
        {phone?.sos}
        {session ? (
          <div className="kiosk-bar-guard">
            <span>{t('bar.guard', { name: session.guard.name })}</span>
            <Button color="light" size="lg" onClick={endSession}>
              {phone ? t('bar.lock') : t('bar.finish')}
            </Button>
          </div>
        ) : phone ? (
          <Button color="light" size="lg" onClick={phone.onSignOut}>
            {t('bar.signOut')}
          </Button>
        ) : null}
      </header>
      <main className="kiosk-main">
        <Suspense fallback={<p role="status">{t('common.loading')}</p>}>{screen()}</Suspense>
      </main>
    </div>
  );
}

/** A screen of its own, before the kiosk's site is known: not set up, or unreachable. */
function KioskAlone({ children }: { children: ReactNode }) {
  return (
    <div className="kiosk">
      <header className="kiosk-bar">
        <LanguageSwitch />
      </header>
      <main className="kiosk-main">{children}</main>
    </div>
  );
}

function KioskDevice() {
  const { t } = useTranslation('kiosk');
  const dispatch = useAppDispatch();
  const device = useAppSelector(selectDevice);
  const consoleToken = useAppSelector(selectToken);

  // Failed reads of the kiosk's site in a row; while above 0 it is read again by itself.
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (device.status === 'failed') setFailures((value) => value + 1);
    else if (device.status !== 'checking') setFailures(0);
  }, [device]);
  useAutoRetry(device.status === 'failed' ? failures : 0, () => void dispatch(loadKiosk()));

  useEffect(() => {
    // A kiosk must not carry a console sign-in: an enrolled browser's is ended first (the enrolment
    // brings its user's here), and this runs again, without it.
    if (consoleToken && readDeviceToken()) void dispatch(signOut());
    else void dispatch(loadKiosk());
  }, [dispatch, consoleToken]);

  switch (device.status) {
    case 'checking':
      return <LoadingOverlay text={t('common.loading')} />;
    case 'not-set-up':
      return (
        <KioskAlone>
          <NotSetUpScreen refusal={device.refusal} />
        </KioskAlone>
      );
    case 'failed':
      return (
        <KioskAlone>
          <KioskUnavailable failure={device.failure} onRetry={() => void dispatch(loadKiosk())} />
        </KioskAlone>
      );
    case 'ready':
      return (
        <OutboxProvider>
          <KioskFlow kiosk={device.kiosk} />
        </OutboxProvider>
      );
  }
}

/**
 * /kiosk: the guardhouse kiosk, full screen and outside the console's shell. Its texts come from
 * its own i18next instance, started in the language this device last chose; the page's `lang`
 * follows the choice while the kiosk is open.
 */
export function KioskPage() {
  const [i18n] = useState(() => createI18n(storedLanguage(KIOSK_LANGUAGES), kioskResources));

  useEffect(() => {
    const root = document.documentElement;
    const before = root.lang;
    const follow = (language: string) => {
      root.lang = language;
    };
    follow(i18n.language);
    i18n.on('languageChanged', follow);
    return () => {
      i18n.off('languageChanged', follow);
      root.lang = before;
    };
  }, [i18n]);

  return (
    <I18nextProvider i18n={i18n}>
      <KioskDevice />
    </I18nextProvider>
  );
}
