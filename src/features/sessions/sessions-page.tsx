import { useCallback, useEffect, useRef, useState } from 'react';
import type { ActiveSession } from '@contract/session';
import { endSession, listSessions } from '../../api/identity';
import { errorText } from '../../api/client';
import { ConfirmModal } from '../../components/confirm-modal';
import { ErrorToast } from '../../components/error-toast';
import { clearIfShown, SuccessAlert } from '../../components/success-alert';
import { formatTimestamp } from '../../lib/dates';
import { deviceName } from '../../lib/user-agent';

/** The page's words, written once for the page and its tests. */
export const SESSIONS_TEXT = {
  title: 'Signed-in devices',
  intro:
    'Where you are signed in now. End a session you do not recognise, or one on a device you no longer use: it must sign in again.',
  current: 'This device',
  end: 'End session',
  confirm: (device: string) => `${device} will be signed out of Guard Console.`,
  ended: 'Session ended.',
  loading: 'Loading…',
} as const;

/**
 * /sessions, from the header menu: the signed-in person's live sessions (device, address, signed
 * in, last activity), each but this one with End session. Only the person's own sessions are
 * listed and ended; the server decides which those are.
 */
export function SessionsPage() {
  const [sessions, setSessions] = useState<ActiveSession[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [ending, setEnding] = useState<ActiveSession | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const load = useCallback(async () => {
    try {
      setSessions(await listSessions());
    } catch (failure) {
      setError(errorText(failure));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function confirmEnd() {
    if (!ending) return;
    setBusy(true);
    try {
      await endSession(ending.uuid);
      setSuccess(SESSIONS_TEXT.ended);
      await load();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
      setEnding(null);
    }
  }

  return (
    <section>
      <h1 className="page-title" ref={heading} tabIndex={-1}>
        {SESSIONS_TEXT.title}
      </h1>
      <p>{SESSIONS_TEXT.intro}</p>
      <SuccessAlert message={success} onDone={clearIfShown(setSuccess)} />
      <ErrorToast message={error} onDismiss={() => setError(null)} />
      <div className="table-responsive">
        <table
          className="table align-middle"
          aria-label={SESSIONS_TEXT.title}
          aria-busy={sessions === null}
        >
          <thead>
            <tr>
              <th scope="col">Device</th>
              <th scope="col">Address</th>
              <th scope="col">Signed In</th>
              <th scope="col">Last Activity</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {sessions === null ? (
              <tr>
                <td colSpan={5}>{SESSIONS_TEXT.loading}</td>
              </tr>
            ) : (
              sessions.map((session) => {
                const device = deviceName(session.user_agent);
                return (
                  <tr key={session.uuid}>
                    <td>
                      {device}
                      {session.current ? (
                        <span className="badge text-bg-success ms-2">{SESSIONS_TEXT.current}</span>
                      ) : null}
                    </td>
                    <td>{session.client_address ?? ''}</td>
                    <td>{formatTimestamp(session.signed_in_at)}</td>
                    <td>{formatTimestamp(session.last_used_at)}</td>
                    <td>
                      {session.current ? null : (
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-danger"
                          aria-label={`${SESSIONS_TEXT.end}: ${device}, signed in ${formatTimestamp(session.signed_in_at)}`}
                          onClick={() => setEnding(session)}
                        >
                          {SESSIONS_TEXT.end}
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      <ConfirmModal
        isOpen={ending !== null}
        title={SESSIONS_TEXT.end}
        body={ending ? SESSIONS_TEXT.confirm(deviceName(ending.user_agent)) : ''}
        confirmLabel={SESSIONS_TEXT.end}
        busy={busy}
        onConfirm={() => void confirmEnd()}
        onCancel={() => setEnding(null)}
        focusWhenOpenerGone={() => heading.current}
      />
    </section>
  );
}
