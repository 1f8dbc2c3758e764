import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Button } from 'reactstrap';
import Printer from 'lucide-react/icons/printer';
import type { Checkpoint } from '@contract/checkpoints';
import { useAppDispatch } from '../../app/hooks';
import { BackLink } from '../../components/back-link';
import { LoadingOverlay } from '../../components/loading-overlay';
import { loadStickers } from './checkpoints-slice';
import './sticker-sheet.css';

/** qrcode.react loads with the first sticker, not with the screen. */
const QRCodeSVG = lazy(() =>
  import('qrcode.react').then(({ QRCodeSVG }) => ({ default: QRCodeSVG })),
);

type Sheet =
  | { status: 'loading' }
  | { status: 'failed'; error: string }
  | { status: 'loaded'; checkpoints: Checkpoint[] };

/**
 * /patrols/stickers?site=…: a site's checkpoints in use as an A4 sheet of labels, each with its
 * name, the site and the QR code a guard's phone scans there, printed straight from the browser.
 */
export function StickerSheetPage() {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const site = params.get('site') ?? '';
  const [sheet, setSheet] = useState<Sheet>({ status: 'loading' });

  useEffect(() => {
    setSheet({ status: 'loading' });
    const request = dispatch(loadStickers(site));
    void request.then((result) => {
      if (loadStickers.fulfilled.match(result)) {
        setSheet({ status: 'loaded', checkpoints: result.payload });
      } else if (!result.meta.aborted) {
        setSheet({ status: 'failed', error: result.payload ?? 'Request failed.' });
      }
    });
    return () => request.abort();
  }, [dispatch, site]);

  const checkpoints = sheet.status === 'loaded' ? sheet.checkpoints : [];
  const siteName = checkpoints[0]?.residence_name ?? '';
  return (
    <section className="position-relative">
      <div className="sticker-sheet-controls">
        <h1 className="page-title">
          {siteName ? `Checkpoint stickers: ${siteName}` : 'Checkpoint stickers'}
        </h1>
        <BackLink to={`/patrols?site=${encodeURIComponent(site)}`}>Back to Patrols</BackLink>
        {sheet.status === 'loaded' && checkpoints.length > 0 ? (
          <p>
            {checkpoints.length} sticker{checkpoints.length === 1 ? '' : 's'}, twelve to an A4 page.
            Stick each where its checkpoint is.{' '}
            <Button color="primary" onClick={() => window.print()}>
              <Printer size={16} aria-hidden="true" />
              Print
            </Button>
          </p>
        ) : null}
      </div>
      {sheet.status === 'loading' ? <LoadingOverlay /> : null}
      {sheet.status === 'failed' ? <Alert color="danger">{sheet.error}</Alert> : null}
      {sheet.status === 'loaded' && checkpoints.length === 0 ? (
        <p>This site has no checkpoints in use.</p>
      ) : null}
      <ul className="sticker-sheet" aria-label="Stickers">
        {checkpoints.map((checkpoint) => (
          <li key={checkpoint.uuid} className="sticker">
            <Suspense fallback={<div className="sticker-qr-placeholder" aria-hidden="true" />}>
              <QRCodeSVG
                value={checkpoint.qr_text}
                level="M"
                marginSize={2}
                size={176}
                role="img"
                aria-label={`QR code of checkpoint ${checkpoint.name}`}
              />
            </Suspense>
            <strong className="sticker-name">{checkpoint.name}</strong>
            <span className="sticker-site">{checkpoint.residence_name}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
