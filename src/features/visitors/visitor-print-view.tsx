import Printer from 'lucide-react/icons/printer';
import { Button } from 'reactstrap';
import type { Visitor } from '@contract/visitors';
import { BackLink } from '../../components/back-link';
import { PassQrCode } from '../../components/pass-qr-code';
import { passWindowText } from '@rules/pass-window-text';
import { hostName, passKind, unitName, visitorName } from './visitor-text';
import './visitor-print.css';

/** The A6 badge: who, where, whom to see, when, and the code the desk scans. */
function Badge({ visitor }: { visitor: Visitor }) {
  const photo = visitor.walkin_photo_urls[0];
  const name = visitorName(visitor);
  return (
    <article className="visitor-badge" aria-label={`Visitor badge of ${name}`}>
      <p className="h5 mb-1">{visitor.residence_name}</p>
      <p className="mb-3">Visitor pass</p>
      <div className="d-flex gap-3 align-items-start mb-3">
        {photo ? (
          <img src={photo} alt={`Photo of ${name}`} className="visitor-badge-photo" />
        ) : null}
        <p className="h3 mb-0 text-break">{name}</p>
      </div>
      <dl>
        <dt>Unit</dt>
        <dd>{unitName(visitor) || '-'}</dd>
        <dt>Host</dt>
        <dd>{hostName(visitor) || '-'}</dd>
        <dt>Valid</dt>
        <dd>{passWindowText(visitor)}</dd>
        <dt>Pass</dt>
        <dd>{passKind(visitor)}</dd>
      </dl>
      <PassQrCode code={visitor.qr_code} name={name} />
    </article>
  );
}

/**
 * The details page's print view (/visitor-details/:uuid?print): the pass's badge, printed on A6
 * with the shell left off the paper. Loaded when first asked for, with its style sheet.
 */
export default function VisitorPrintView({ visitor }: { visitor: Visitor }) {
  return (
    <section>
      <div className="visitor-print-toolbar">
        <h1 className="page-title">Print Visitor Badge</h1>
        <BackLink to={`/visitor-details/${visitor.uuid}`}>Back to Visitor Details</BackLink>
        <Button color="primary" className="mb-3" onClick={() => window.print()}>
          <Printer size={16} aria-hidden="true" />
          Print
        </Button>
      </div>
      <Badge visitor={visitor} />
    </section>
  );
}
