import { useState } from 'react';
import { Link } from 'react-router-dom';
import Ban from 'lucide-react/icons/ban';
import Copy from 'lucide-react/icons/copy';
import Pencil from 'lucide-react/icons/pencil';
import Printer from 'lucide-react/icons/printer';
import Share2 from 'lucide-react/icons/share-2';
import { Button } from 'reactstrap';
import type { Visitor } from '@contract/visitors';
import { CANCELLED, VALID } from '@rules/visitor-pass';
import { useAppDispatch } from '../../app/hooks';
import { ConfirmModal } from '../../components/confirm-modal';
import { PassFormModal } from './pass-form-modal';
import { cancelPass } from './visitors-slice';

/** What Share copies and sends: the pass's public e-pass page on this console. */
export function ePassUrl(path: string): string {
  return `${window.location.origin}${path}`;
}

/** The WhatsApp message Share opens, with the link. */
export function shareMessage(pass: Pick<Visitor, 'name' | 'residence_name'>, url: string): string {
  return `Hello ${pass.name}, your visitor pass for ${pass.residence_name}: ${url}`;
}

export const PASS_ACTION_TEXT = {
  copied: 'E-pass link copied.',
  copyFailed: 'The link could not be copied. Copy it from here:',
  cancelled: 'Pass cancelled.',
  edited: 'Success Edited',
} as const;

/**
 * The details page's actions on an issued pass (issue 23): Edit while it is valid and never
 * scanned, Cancel pass, Share the e-pass link while it has one, and Print its badge unless it
 * was cancelled (a printed QR would only be refused at the gate).
 */
export function PassActions({
  visitor,
  onChanged,
  onNotice,
  onFailed,
}: {
  visitor: Visitor;
  /** The pass changed on the server: the page loads it again. */
  onChanged: () => void;
  onNotice: (text: string) => void;
  onFailed: (message: string) => void;
}) {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState<'edit' | 'cancel' | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [copyFallback, setCopyFallback] = useState<string | null>(null);
  const valid = visitor.status === VALID;
  const changeable = valid && visitor.checkpoint_times === 0;
  const url = visitor.epass_path ? ePassUrl(visitor.epass_path) : null;

  async function copyLink(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      setCopyFallback(null);
      onNotice(PASS_ACTION_TEXT.copied);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the link is shown to copy by hand.
      setCopyFallback(link);
    }
  }

  async function cancel() {
    setCancelling(true);
    const result = await dispatch(cancelPass(visitor.uuid));
    setCancelling(false);
    setOpen(null);
    if (cancelPass.fulfilled.match(result)) onNotice(PASS_ACTION_TEXT.cancelled);
    else onFailed(result.payload ?? 'Request failed.');
    onChanged();
  }

  return (
    <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label="Pass actions">
      {changeable ? (
        <Button color="primary" outline onClick={() => setOpen('edit')}>
          <Pencil size={16} aria-hidden="true" />
          Edit
        </Button>
      ) : null}
      {valid ? (
        <Button color="danger" outline onClick={() => setOpen('cancel')}>
          <Ban size={16} aria-hidden="true" />
          Cancel pass
        </Button>
      ) : null}
      {url ? (
        <>
          <Button color="primary" outline onClick={() => void copyLink(url)}>
            <Copy size={16} aria-hidden="true" />
            Share: copy link
          </Button>
          <a
            className="btn btn-outline-primary"
            href={`https://wa.me/?text=${encodeURIComponent(shareMessage(visitor, url))}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            <Share2 size={16} aria-hidden="true" />
            Share on WhatsApp
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </>
      ) : null}
      {visitor.status === CANCELLED ? null : (
        <Link className="btn btn-outline-primary" to={`/visitor-details/${visitor.uuid}?print`}>
          <Printer size={16} aria-hidden="true" />
          Print
        </Link>
      )}
      {copyFallback ? (
        <p className="w-100 mb-0" role="status">
          {PASS_ACTION_TEXT.copyFailed}{' '}
          <a href={copyFallback} className="text-break">
            {copyFallback}
          </a>
        </p>
      ) : null}
      <PassFormModal
        isOpen={open === 'edit'}
        pass={visitor}
        onClose={() => setOpen(null)}
        onSaved={() => {
          setOpen(null);
          onNotice(PASS_ACTION_TEXT.edited);
          onChanged();
        }}
      />
      <ConfirmModal
        isOpen={open === 'cancel'}
        title="Cancel Pass"
        body={`Cancel the pass of ${visitor.name}? The desk will refuse it and its e-pass link will stop working.`}
        confirmLabel="Cancel pass"
        cancelLabel="Keep pass"
        busy={cancelling}
        busyText={`Cancelling the pass of ${visitor.name}. Please don't close this window.`}
        onConfirm={() => void cancel()}
        onCancel={() => setOpen(null)}
      />
    </div>
  );
}
