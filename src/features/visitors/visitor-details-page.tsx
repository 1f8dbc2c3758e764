import { Fragment, lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Button, Col, Row } from 'reactstrap';
import type { Visitor } from '@contract/visitors';
import { formatTimestamp } from '../../lib/dates';
import { CANCELLED, type ScanVerdict } from '@rules/visitor-pass';
import { WATCHLIST_MESSAGES } from '@rules/watchlist';
import { hdfStatus, healthCode } from '../../lib/visitor-health';
import { useAppDispatch } from '../../app/hooks';
import { BackLink } from '../../components/back-link';
import { ErrorToast } from '../../components/error-toast';
import { LoadingOverlay } from '../../components/loading-overlay';
import { clearIfShown, SuccessAlert } from '../../components/success-alert';
import { PassActions } from './pass-actions';
import { PassQrCode } from '../../components/pass-qr-code';
import { PhotoCarousel } from './photo-carousel';
import { useVisitor } from './use-visitor';
import { HealthCodeBadge, ScanStatus } from './visitor-badges';
import {
  accessCardText,
  creatorName,
  expectedArrival,
  expectedExit,
  hostName,
  passKind,
  scanDoneText,
  temperatureText,
  unitName,
  verdictOf,
  visitorName,
  watchlistOverrideText,
} from './visitor-text';
import { scanVisitorPass } from './visitors-slice';

/** Shown instead of a cancelled pass's QR code, which would only be refused at the gate. */
const CANCELLED_QR_TEXT = 'This pass was cancelled: its QR code no longer opens the gate.';

/** The badge's print view loads when Print is first chosen, with its print style sheet. */
const VisitorPrintView = lazy(() => import('./visitor-print-view'));

/** The spec's words (part 2, Visitor details). */
const RETRIEVING_DETAILS = 'Retrieving details. Please wait ....';
const RECORD_DOES_NOT_EXIST = 'Record does not exist.';

function DetailsSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mb-4">
      <h2 id={headingId} className="section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Fields({ fields }: { fields: ReadonlyArray<[string, ReactNode]> }) {
  return (
    <dl className="visitor-fields">
      {fields.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value === '' ? '-' : value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** The watchlist's reasons for the visitor, and who let the pass through them (issue 34). */
function WatchlistField({ visitor }: { visitor: Visitor }) {
  return (
    <>
      <span className="text-danger fw-semibold">
        {(visitor.watchlist ?? []).map((reason) => WATCHLIST_MESSAGES.refused(reason)).join(' ')}
      </span>{' '}
      {watchlistOverrideText(visitor)}
    </>
  );
}

function ScanList({ visitor }: { visitor: Visitor }) {
  if (visitor.visitor_pass_scans.length === 0) return <p className="mb-0">No scans yet.</p>;
  return (
    <ol className="visitor-scans" aria-label="Scans">
      {visitor.visitor_pass_scans.map((scan) => (
        <li key={scan.uuid}>
          {scan.scan_type} {formatTimestamp(scan.created_at)}
          {scan.scanned_by_name ? ` by ${scan.scanned_by_name}` : ''}
        </li>
      ))}
    </ol>
  );
}

/**
 * Check-in or Check-out exactly when the shared rules allow it (spec part 2 §4), judged by the
 * browser's clock as the page renders; after the action the page loads the pass again.
 */
function CheckInOutButton({
  visitor,
  verdict,
  onScanned,
  onFailed,
}: {
  visitor: Visitor;
  verdict: ScanVerdict;
  onScanned: (text: string) => void;
  onFailed: (message: string) => void;
}) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  if (!verdict.allowed) return null;

  async function scan() {
    setBusy(true);
    try {
      const answer = await dispatch(
        scanVisitorPass({
          code: visitor.qr_code,
          residenceUuid: visitor.residence_uuid,
          now: new Date(),
        }),
      ).unwrap();
      onScanned(scanDoneText(visitor.name, answer.scan.scan_type));
    } catch (error) {
      onFailed(String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button color="primary" size="lg" disabled={busy} onClick={() => void scan()}>
      {verdict.label}
    </Button>
  );
}

function VisitorDetails({
  visitor,
  onScanned,
  onFailed,
  onChanged,
  onNotice,
}: {
  visitor: Visitor;
  onScanned: (text: string) => void;
  onFailed: (message: string) => void;
  onChanged: () => void;
  onNotice: (text: string) => void;
}) {
  const now = new Date();
  const verdict = verdictOf(visitor, now);
  const remarks = [
    verdict.allowed ? passKind(visitor) : `${passKind(visitor)}. ${verdict.message}`,
    // What the issuer wrote on a pass issued in the console.
    visitor.remarks,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Row>
      <Col lg={4} className="mb-4">
        <PhotoCarousel urls={visitor.walkin_photo_urls} name={visitor.name} />
      </Col>
      <Col lg={8}>
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
          <p className="h4 mb-0">{visitorName(visitor)}</p>
          <CheckInOutButton
            visitor={visitor}
            verdict={verdict}
            onScanned={onScanned}
            onFailed={onFailed}
          />
        </div>
        <PassActions
          visitor={visitor}
          onChanged={onChanged}
          onNotice={onNotice}
          onFailed={onFailed}
        />
        <DetailsSection title="Visitor Details">
          <Fields
            fields={[
              ['Name', visitorName(visitor)],
              ['Phone Number', visitor.phone_number],
              ['Car Plate Number', visitor.car_plate_number],
              // Taken at the gate for a walk-in; the server masks it for all but the company.
              ...(visitor.ic_passport_number
                ? [['IC/Passport No.', visitor.ic_passport_number] satisfies [string, string]]
                : []),
              ['Site', visitor.residence_name],
              ['Unit', unitName(visitor)],
              // A pass issued in the console names its host; a walk-in's is the unit's owner.
              ['Host', hostName(visitor)],
              ['Created By', creatorName(visitor)],
              ['HDF Form', hdfStatus(visitor, now)],
              ['Temperature', temperatureText(visitor)],
              ['Health Code', <HealthCodeBadge key="code" code={healthCode(visitor, now)} />],
            ]}
          />
        </DetailsSection>
        <DetailsSection title="Estimated Time of Arrival">
          <Fields
            fields={[
              ['Arrival', expectedArrival(visitor)],
              ['Exit', expectedExit(visitor)],
            ]}
          />
        </DetailsSection>
        <DetailsSection title="Actual Time of Arrival">
          <Fields
            fields={[
              ['Arrival', formatTimestamp(visitor.check_in_time)],
              ['Exit', formatTimestamp(visitor.check_out_time)],
              ['Scans', <ScanList key="scans" visitor={visitor} />],
            ]}
          />
        </DetailsSection>
        <DetailsSection title="Other Details">
          <Fields
            fields={[
              ['Category', visitor.category],
              ['Checkpoint Times', String(visitor.checkpoint_times)],
              ['Validity', visitor.status],
              ['Status', <ScanStatus key="status" pass={visitor} now={now} />],
              ['Remarks', remarks],
              ['Access Card', accessCardText(visitor)],
              ...(visitor.watchlist?.length
                ? [
                    ['Watchlist', <WatchlistField key="watchlist" visitor={visitor} />] satisfies [
                      string,
                      ReactNode,
                    ],
                  ]
                : []),
            ]}
          />
        </DetailsSection>
        <DetailsSection title="QR Code">
          {visitor.status === CANCELLED ? (
            <p>{CANCELLED_QR_TEXT}</p>
          ) : (
            <PassQrCode code={visitor.qr_code} name={visitor.name} />
          )}
        </DetailsSection>
      </Col>
    </Row>
  );
}

/** /visitor-details/:uuid: one pass, its scans and its QR code, and Check-in or Check-out. */
export function VisitorDetailsPage() {
  const { uuid = '' } = useParams();
  const { record, reload } = useVisitor(uuid);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const printing = useSearchParams()[0].has('print');

  // A cancelled pass has no badge to print: its page says it was cancelled instead.
  if (printing && record.status === 'found' && record.visitor.status !== CANCELLED) {
    return (
      <Suspense fallback={<LoadingOverlay />}>
        <VisitorPrintView visitor={record.visitor} />
      </Suspense>
    );
  }

  return (
    <section className="position-relative">
      <h1 className="page-title">Visitor Details</h1>
      <BackLink to="/visitors">Back to Visitors</BackLink>
      <SuccessAlert message={notice} onDone={clearIfShown(setNotice)} />
      {record.status === 'loading' ? (
        <div className="position-relative site-details-loading">
          <LoadingOverlay text={RETRIEVING_DETAILS} />
        </div>
      ) : null}
      {record.status === 'missing' ? <p>{RECORD_DOES_NOT_EXIST}</p> : null}
      {record.status === 'failed' ? <p>{record.error}</p> : null}
      {record.status === 'found' ? (
        <div className="position-relative">
          {record.reloading ? <LoadingOverlay text={RETRIEVING_DETAILS} /> : null}
          <VisitorDetails
            visitor={record.visitor}
            onScanned={(text) => {
              setNotice(text);
              reload();
            }}
            onFailed={(message) => {
              setError(message);
              // The pass may have changed meanwhile (another desk): show it as it is now.
              reload();
            }}
            onChanged={reload}
            onNotice={setNotice}
          />
        </div>
      ) : null}
      <ErrorToast message={error} onDismiss={() => setError(null)} />
    </section>
  );
}
