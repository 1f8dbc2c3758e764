import { useCallback, useEffect, useState } from 'react';
import { Button } from 'reactstrap';
import Siren from 'lucide-react/icons/siren';
import type { Alert } from '@contract/alerts';
import { useAppDispatch } from '../../app/hooks';
import { formatTimestamp } from '../../lib/dates';
import { acknowledgeSos, loadSos } from './alerts-slice';
import './alerts.css';

/** How often the banner asks for open SOS alerts: an SOS must not wait for the bell's 30 s. */
export const SOS_POLL_MS = 10_000;

const LINK = /(https:\/\/maps\.google\.com\/\?q=[-\d.,]+)/;

/** An SOS's words, its map link a link. */
function SosMessage({ message }: { message: string }) {
  const [before, link, after] = message.split(LINK);
  return (
    <>
      {before}
      {link ? (
        <a href={link} target="_blank" rel="noreferrer" className="link-light">
          Open the map
        </a>
      ) : null}
      {after}
    </>
  );
}

/**
 * A guard's SOS (issue 38) across the top of every console page of its scope until someone
 * acknowledges it: the highest level of alert, beside the bell and the email.
 */
export function SosBanner() {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState<Alert[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(async () => {
    const outcome = await dispatch(loadSos());
    if (loadSos.fulfilled.match(outcome)) setOpen(outcome.payload);
  }, [dispatch]);

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), SOS_POLL_MS);
    const again = () => void load();
    window.addEventListener('focus', again);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', again);
    };
  }, [load]);

  async function acknowledge(uuid: string) {
    setBusy(uuid);
    setProblem(null);
    const outcome = await dispatch(acknowledgeSos(uuid));
    if (acknowledgeSos.fulfilled.match(outcome)) setOpen(outcome.payload);
    else setProblem(outcome.payload ?? 'The SOS could not be acknowledged.');
    setBusy(null);
  }

  if (open.length === 0) return null;
  return (
    <section className="sos-banner" role="alert" aria-label="SOS">
      {open.map((sos) => (
        <div key={sos.uuid} className="sos-banner-line">
          <Siren size={24} aria-hidden="true" className="flex-shrink-0" />
          <p className="mb-0 flex-grow-1">
            <strong>SOS</strong> · {formatTimestamp(sos.created_at)} ·{' '}
            <SosMessage message={sos.message} />
          </p>
          <Button
            color="light"
            disabled={busy === sos.uuid}
            onClick={() => void acknowledge(sos.uuid)}
          >
            {busy === sos.uuid ? 'Acknowledging...' : 'Acknowledge'}
          </Button>
        </div>
      ))}
      {problem ? <p className="mb-0">{problem}</p> : null}
    </section>
  );
}
