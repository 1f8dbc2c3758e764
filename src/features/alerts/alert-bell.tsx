import { useCallback, useEffect, useId, useRef, useState } from 'react';
import Bell from 'lucide-react/icons/bell';
import { Link } from 'react-router-dom';
import { Button } from 'reactstrap';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { formatTimestamp } from '../../lib/dates';
import { AlertKindBadge } from './alert-kind-badge';
import { ALERTS_PATH, alertShiftPath } from './alert-words';
import { loadBell, markAlertsRead, selectLatest, selectUnread } from './alerts-slice';
import './alerts.css';

/** How often the bell asks for its figure while the console is open. */
export const BELL_POLL_MS = 30_000;

/**
 * The header's bell: the unread count, and a panel of the newest alerts with Mark all read and
 * a link to the Alerts screen. It asks again every BELL_POLL_MS and when the window regains focus.
 */
export function AlertBell() {
  const dispatch = useAppDispatch();
  const unread = useAppSelector(selectUnread);
  const latest = useAppSelector(selectLatest);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);

  const refresh = useCallback(() => void dispatch(loadBell()), [dispatch]);
  useEffect(() => {
    refresh();
    const timer = window.setInterval(refresh, BELL_POLL_MS);
    window.addEventListener('focus', refresh);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', refresh);
    };
  }, [refresh]);

  // Escape or a click outside closes the panel; Escape gives focus back to the bell.
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !boxRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const label = unread === 1 ? 'Alerts, 1 unread' : `Alerts, ${unread} unread`;
  return (
    <div className="alert-bell" ref={boxRef}>
      <button
        ref={buttonRef}
        type="button"
        className="btn alert-bell-button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (!open) refresh();
          setOpen((was) => !was);
        }}
      >
        <Bell size={20} aria-hidden="true" />
        {unread > 0 ? (
          <span className="alert-bell-badge" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      <section id={panelId} className="alert-bell-panel" aria-labelledby={headingId} hidden={!open}>
        <header>
          <h2 className="h6 mb-0" id={headingId}>
            Alerts
          </h2>
          <Button
            color="link"
            size="sm"
            disabled={unread === 0}
            onClick={() => void dispatch(markAlertsRead({ all: true }))}
          >
            Mark all read
          </Button>
        </header>
        {latest.length === 0 ? (
          <p className="alert-bell-empty">No alerts.</p>
        ) : (
          <ul className="alert-bell-list">
            {latest.map((alert) => {
              const shiftPath = alertShiftPath(alert);
              return (
                <li key={alert.uuid} className={alert.read ? 'is-read' : 'is-unread'}>
                  <AlertKindBadge kind={alert.kind} />
                  {alert.read ? null : <span className="visually-hidden">Unread: </span>}
                  {shiftPath ? (
                    <Link to={shiftPath} onClick={() => setOpen(false)}>
                      {alert.message}
                    </Link>
                  ) : (
                    <span>{alert.message}</span>
                  )}
                  <small className="text-muted d-block">{formatTimestamp(alert.created_at)}</small>
                </li>
              );
            })}
          </ul>
        )}
        <footer>
          <Link to={ALERTS_PATH} onClick={() => setOpen(false)}>
            See all alerts
          </Link>
        </footer>
      </section>
    </div>
  );
}
