import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sendOrKeep } from './patrol-outbox';

/** How long the button is held before the SOS goes: long enough not to go by a brush. */
export const SOS_HOLD_MS = 2_000;
/** How long the phone waits for its position before sending without one. */
const POSITION_WAIT_MS = 5_000;

function position(): Promise<{ lat: number; lng: number } | null> {
  return new Promise((resolve) => {
    if (!('geolocation' in navigator)) {
      resolve(null);
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (found) => resolve({ lat: found.coords.latitude, lng: found.coords.longitude }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: POSITION_WAIT_MS, maximumAge: 60_000 },
    );
  });
}

type SosState = 'idle' | 'holding' | 'sending' | 'sent' | 'kept' | 'failed';

/**
 * The phone's SOS (issue 38): held for two seconds, by touch, pointer, Space or Enter, it sends
 * the guard's position to the site's supervisors and the company; with no network it is kept on
 * the phone and sent when the network returns, and the phone says which.
 */
export function SosButton({ token, siteUuid }: { token: string; siteUuid: string }) {
  const { t } = useTranslation('kiosk');
  const [state, setState] = useState<SosState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function send() {
    setState('sending');
    const at = new Date().toISOString();
    const where = await position();
    try {
      const answer = await sendOrKeep({
        token,
        siteUuid,
        patrolUuid: '',
        action: {
          kind: 'sos',
          at,
          key: crypto.randomUUID(),
          lat: where?.lat ?? null,
          lng: where?.lng ?? null,
        },
      });
      setState(answer === null ? 'kept' : 'sent');
    } catch {
      setState('failed');
    }
  }

  function press() {
    if (state === 'holding' || state === 'sending') return;
    setState('holding');
    timer.current = setTimeout(() => {
      timer.current = null;
      void send();
    }, SOS_HOLD_MS);
  }

  function release() {
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
      setState('idle');
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if ((event.key === ' ' || event.key === 'Enter') && !event.repeat) {
      event.preventDefault();
      press();
    }
  }

  const said: Record<SosState, string> = {
    idle: t('sos.hint'),
    holding: t('sos.holding'),
    sending: t('sos.sending'),
    sent: t('sos.sent'),
    kept: t('sos.kept'),
    failed: t('sos.failed'),
  };
  return (
    <div className="kiosk-sos">
      <button
        type="button"
        className={`btn btn-danger btn-lg kiosk-sos-button${state === 'holding' ? ' is-holding' : ''}`}
        aria-describedby="kiosk-sos-status"
        onPointerDown={press}
        onPointerUp={release}
        onPointerLeave={release}
        onPointerCancel={release}
        onKeyDown={onKeyDown}
        onKeyUp={(event) => {
          if (event.key === ' ' || event.key === 'Enter') release();
        }}
        onClick={(event) => event.preventDefault()}
      >
        {t('sos.button')}
      </button>
      <p id="kiosk-sos-status" role="status" className="kiosk-sos-status mb-0">
        {said[state]}
      </p>
    </div>
  );
}
