import {
  createContext,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { openIncidentOutbox, type IncidentOutbox, type OutboxSnapshot } from './incident-outbox';
import { releaseGuardToken, sendIncidentReport } from './kiosk-slice';

/** How often waiting reports are tried again, besides when the browser says it is back online. */
const OUTBOX_RETRY_MS = 30_000;

const OutboxContext = createContext<IncidentOutbox | null>(null);

/**
 * Opens the kiosk's incident outbox for as long as the kiosk runs, and sends what waits in it
 * when the connection returns (the `online` event) and every OUTBOX_RETRY_MS.
 */
export function OutboxProvider({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const [outbox, setOutbox] = useState<IncidentOutbox | null>(null);

  useEffect(() => {
    const opened = openIncidentOutbox({
      send: (report) => dispatch(sendIncidentReport(report)).unwrap(),
      onReleased: (guardToken) => {
        // The guard still at the kiosk keeps the session; one who has left has it ended.
        if (store.getState().kiosk.guard?.token !== guardToken) {
          void dispatch(releaseGuardToken(guardToken));
        }
      },
    });
    setOutbox(opened);
    const retry = () => void opened.retry();
    window.addEventListener('online', retry);
    const timer = setInterval(retry, OUTBOX_RETRY_MS);
    retry();
    return () => {
      window.removeEventListener('online', retry);
      clearInterval(timer);
      opened.close();
    };
  }, [dispatch, store]);

  return outbox ? <OutboxContext.Provider value={outbox}>{children}</OutboxContext.Provider> : null;
}

export function useOutbox(): IncidentOutbox {
  const outbox = useContext(OutboxContext);
  if (!outbox) throw new Error('useOutbox is used outside the kiosk’s OutboxProvider.');
  return outbox;
}

export function useOutboxSnapshot(): OutboxSnapshot {
  const outbox = useOutbox();
  return useSyncExternalStore(outbox.subscribe, outbox.snapshot);
}
