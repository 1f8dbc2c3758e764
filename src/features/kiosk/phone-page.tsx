import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Button, Input, Label } from 'reactstrap';
import type { GuardAppResidence, KioskGuard } from '@contract/guard-app';
import * as guardApp from '../../api/guard-app';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { createI18n, storedLanguage } from '../../i18n/i18n';
import { KIOSK_LANGUAGES, kioskResources } from '../../i18n/kiosk';
import { useFailureText } from './kiosk-failure';
import { KioskFlow } from './kiosk-page';
import { OutboxProvider } from './kiosk-outbox';
import { KioskScreen, useFocusOnMount } from './kiosk-screen';
import { phoneLocked, phoneOpened, selectDevice } from './kiosk-slice';
import { LanguageSwitch } from './language-switch';
import { usePatrolOutbox } from './patrol-outbox';
import { SosButton } from './sos-button';
import './kiosk.css';

/** The phone's sign-in, kept on the phone so it opens where the guard left it. */
interface PhoneSession {
  token: string;
  guard: KioskGuard;
  residences: GuardAppResidence[];
}

const SESSION_KEY = 'guard-phone-session';
const DEVICE_KEY = 'guard-phone-device';

function storedSession(): PhoneSession | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null');
    return value && typeof value === 'object' && 'token' in value ? (value as PhoneSession) : null;
  } catch {
    return null;
  }
}

/** This browser's id as a device of the guard's: one per browser, kept. */
function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id) {
    id = `web-${crypto.randomUUID()}`;
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}

function SignInScreen({ onSignedIn }: { onSignedIn: (session: PhoneSession) => void }) {
  const { t } = useTranslation('kiosk');
  const failureText = useFailureText();
  const loginId = useId();
  const passwordId = useId();
  const first = useFocusOnMount<HTMLInputElement>();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [switching, setSwitching] = useState<string | null>(null);

  async function signIn(proceed: boolean) {
    if (!login.trim() || !password) {
      setProblem(t('phone.required'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const answer = await guardApp.signIn({
        login: login.trim(),
        password,
        deviceId: deviceId(),
        proceed,
      });
      if (answer.switch_device && !proceed) {
        setSwitching(answer.switch_device.message);
        return;
      }
      onSignedIn({ token: answer.token, guard: answer.guard, residences: answer.residences });
    } catch (failure) {
      setProblem(failureText(failure));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void signIn(false);
  }

  return (
    <KioskScreen title={t('phone.title')} focusHeading={false} className="kiosk-narrow">
      <p className="kiosk-lead">{t('phone.lead')}</p>
      {switching ? (
        <div role="alert">
          <p>{switching}</p>
          <div className="d-flex flex-wrap gap-2">
            <Button color="primary" size="lg" disabled={busy} onClick={() => void signIn(true)}>
              {t('phone.switchConfirm')}
            </Button>
            <Button color="light" size="lg" onClick={() => setSwitching(null)}>
              {t('phone.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          <Label for={loginId} className="kiosk-label">
            {t('phone.login')}
          </Label>
          <Input
            id={loginId}
            innerRef={first}
            autoComplete="username"
            value={login}
            onChange={(event) => setLogin(event.target.value)}
          />
          <Label for={passwordId} className="kiosk-label mt-3">
            {t('phone.password')}
          </Label>
          <Input
            id={passwordId}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {problem ? (
            <p role="alert" className="kiosk-error mt-3">
              {problem}
            </p>
          ) : null}
          <Button type="submit" color="primary" size="lg" className="mt-3" disabled={busy}>
            {busy ? t('phone.signingIn') : t('phone.signIn')}
          </Button>
        </form>
      )}
    </KioskScreen>
  );
}

function SiteChoice({
  session,
  onChoose,
}: {
  session: PhoneSession;
  onChoose: (site: GuardAppResidence) => void;
}) {
  const { t } = useTranslation('kiosk');
  return (
    <KioskScreen title={t('phone.chooseSite')}>
      {session.residences.length === 0 ? <p>{t('phone.noSites')}</p> : null}
      <div className="kiosk-menu">
        {session.residences.map((site) => (
          <button
            key={site.uuid}
            type="button"
            className="kiosk-action"
            onClick={() => onChoose(site)}
          >
            {site.name}
          </button>
        ))}
      </div>
    </KioskScreen>
  );
}

function PhoneApp() {
  const dispatch = useAppDispatch();
  const device = useAppSelector(selectDevice);
  const [session, setSession] = useState<PhoneSession | null>(storedSession);
  // Steps kept offline go when the network returns, whichever screen the guard is on.
  usePatrolOutbox();

  const open = useCallback(
    (next: PhoneSession, site: GuardAppResidence) => {
      dispatch(phoneOpened({ token: next.token, site, guard: next.guard }));
    },
    [dispatch],
  );

  useEffect(() => {
    if (session?.residences.length === 1 && session.residences[0]) {
      open(session, session.residences[0]);
    }
  }, [session, open]);

  const signOut = useCallback(() => {
    const token = session?.token;
    localStorage.removeItem(SESSION_KEY);
    setSession(null);
    if (token) void guardApp.signOut(token).catch(() => undefined);
  }, [session]);

  // A refused session (ended, or signed in elsewhere) signs the phone out.
  useEffect(() => {
    if (session && device.status === 'not-set-up') {
      localStorage.removeItem(SESSION_KEY);
      setSession(null);
    }
  }, [device, session]);

  if (!session) {
    return (
      <div className="kiosk kiosk-phone">
        <header className="kiosk-bar">
          <LanguageSwitch />
        </header>
        <main className="kiosk-main">
          <SignInScreen
            onSignedIn={(next) => {
              localStorage.setItem(SESSION_KEY, JSON.stringify(next));
              setSession(next);
            }}
          />
        </main>
      </div>
    );
  }
  const choice = <SiteChoice session={session} onChoose={(site) => open(session, site)} />;
  if (device.status !== 'ready') {
    return (
      <div className="kiosk kiosk-phone">
        <header className="kiosk-bar">
          <LanguageSwitch />
        </header>
        <main className="kiosk-main">{choice}</main>
      </div>
    );
  }
  return (
    <OutboxProvider>
      <div className="kiosk-phone">
        <KioskFlow
          kiosk={device.kiosk}
          phone={{
            start: choice,
            sos: <SosButton token={session.token} siteUuid={device.kiosk.residence.uuid} />,
            onLock: () => dispatch(phoneLocked()),
            onSignOut: signOut,
          }}
        />
      </div>
    </OutboxProvider>
  );
}

/**
 * /guard (issue 38): the guard's own phone in the browser. The guard signs in with the app access
 * the company gave (the guard API's sign-in and device switch), picks a site, types the PIN, and
 * has the kiosk's menu there, with rounds to walk. Its texts are the kiosk's, in the language
 * this phone last chose.
 */
export function PhonePage() {
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
      <PhoneApp />
    </I18nextProvider>
  );
}
