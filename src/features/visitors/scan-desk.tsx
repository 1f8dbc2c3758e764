import { lazy, Suspense, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import Camera from 'lucide-react/icons/camera';
import CameraOff from 'lucide-react/icons/camera-off';
import { Button, Col, Form, Input, Label, ModalBody, ModalFooter, Row } from 'reactstrap';
import { Dialog } from '../../components/dialog';
import type { ScanType, Visitor } from '@contract/visitors';
import { lastScanMsOf, type ScanVerdict } from '@rules/visitor-pass';
import { WATCHLIST_MESSAGES } from '@rules/watchlist';
import { useAppDispatch } from '../../app/hooks';
import { DeskResult } from '../../components/desk-result';
import {
  usePassDesk,
  type PassDeskCalls,
  type PassDeskState,
} from '../../components/use-pass-desk';
import {
  expectedWindow,
  hostName,
  latestScanText,
  passKind,
  scanDoneText,
  unitName,
  verdictOf,
  visitorName,
  watchlistOverrideText,
} from './visitor-text';
import { lookUpPass, scanVisitorPass } from './visitors-slice';

/** The camera and its code reader load on the desk's Use camera, not with the screen. */
const PassCamera = lazy(() =>
  import('../../components/pass-camera').then(({ PassCamera }) => ({ default: PassCamera })),
);

/** What the desk shows: one pass at a time, from its read to its recorded scan. */
type DeskState = PassDeskState<Visitor, ScanVerdict, ScanType>;

function VisitorCard({ visitor }: { visitor: Visitor }) {
  const photo = visitor.walkin_photo_urls[0];
  return (
    <Row className="g-3 mb-3">
      <Col xs={4}>
        {photo ? (
          <img src={photo} alt={`Walk-in photo of ${visitor.name}`} className="visitor-photo" />
        ) : (
          <div className="visitor-photo placeholder-photo d-flex align-items-center justify-content-center">
            <span className="text-muted small">No photo</span>
          </div>
        )}
      </Col>
      <Col xs={8}>
        <p className="desk-visitor-name">{visitorName(visitor)}</p>
        <dl className="visitor-fields mb-0">
          <dt>Site</dt>
          <dd>{visitor.residence_name}</dd>
          <dt>Unit</dt>
          <dd>{unitName(visitor) || '-'}</dd>
          <dt>Host</dt>
          <dd>{hostName(visitor) || '-'}</dd>
          <dt>Car Plate Number</dt>
          <dd>{visitor.car_plate_number || '-'}</dd>
          <dt>Category</dt>
          <dd>{visitor.category}</dd>
          <dt>Pass</dt>
          <dd>{passKind(visitor)}</dd>
          <dt>Expected</dt>
          <dd>{expectedWindow(visitor, new Date())}</dd>
          <dt>Status</dt>
          <dd>{latestScanText(visitor)}</dd>
        </dl>
      </Col>
    </Row>
  );
}

/**
 * The watchlist's word on the visitor (issue 23), in red before the desk's confirmation, with
 * who let the pass through it and when, or that nobody did (issue 34).
 */
function WatchlistWarning({ visitor }: { visitor: Visitor }) {
  const reasons = visitor.watchlist;
  if (!reasons?.length) return null;
  return (
    <DeskResult
      tone="refused"
      title="On the watchlist"
      text={[
        ...reasons.map((reason) => WATCHLIST_MESSAGES.refused(reason)),
        watchlistOverrideText(visitor),
      ].join(' ')}
      alert
    />
  );
}

function DeskPanel({ state, onConfirm }: { state: DeskState; onConfirm: () => void }) {
  switch (state.step) {
    case 'waiting':
      return <p className="desk-hint">Scan a pass, or type its code and press Enter.</p>;
    case 'looking-up':
      return <p className="desk-hint">Looking up {state.code}...</p>;
    case 'unknown':
      return (
        <DeskResult
          tone="refused"
          title="Not found"
          text={`No pass has the code ${state.code}.`}
          alert
        />
      );
    case 'failed':
      return (
        <DeskResult tone="refused" title="Could not look up the pass" text={state.message} alert />
      );
    case 'judged':
    case 'recording':
      return (
        <>
          <VisitorCard visitor={state.pass} />
          <WatchlistWarning visitor={state.pass} />
          {state.verdict.allowed ? (
            <DeskResult
              tone="allowed"
              title={`${state.verdict.label} allowed`}
              text={`Press Enter to ${state.verdict.label}.`}
            >
              <Button
                color="primary"
                size="lg"
                disabled={state.step === 'recording'}
                onClick={onConfirm}
              >
                {state.step === 'recording' ? 'Recording...' : state.verdict.label}
              </Button>
            </DeskResult>
          ) : (
            <DeskResult tone="refused" title="Not allowed" text={state.verdict.message} alert />
          )}
        </>
      );
    case 'recorded':
      return (
        <>
          <VisitorCard visitor={state.pass} />
          <DeskResult
            tone={state.result === 'IN' ? 'in' : 'out'}
            title={state.result === 'IN' ? 'Checked in' : 'Checked out'}
            text={scanDoneText(state.pass.name, state.result)}
          />
        </>
      );
    case 'refused':
      return (
        <>
          <VisitorCard visitor={state.pass} />
          <DeskResult tone="refused" title="Not allowed" text={state.message} alert />
        </>
      );
  }
}

/**
 * The scanning desk (issue 9): a USB or Bluetooth scanner types a pass's code and Enter into the
 * focused field, or the camera reads it; the desk shows who the visitor is and whether the pass
 * may be checked in or out now, and a bare Enter (which no scanner sends) confirms. The field
 * stays focused for the next pass throughout.
 */
export function ScanDesk({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const fieldId = useId();
  const field = useRef<HTMLInputElement | null>(null);
  const [text, setText] = useState('');
  const [cameraOn, setCameraOn] = useState(false);
  const calls = useMemo<PassDeskCalls<Visitor, ScanVerdict, ScanType>>(
    () => ({
      lookUp: (code) => dispatch(lookUpPass(code)).unwrap(),
      judge: (visitor) => verdictOf(visitor, new Date(), lastScanMsOf(visitor)),
      record: async (visitor) => {
        const answer = await dispatch(
          scanVisitorPass({ code: visitor.qr_code, now: new Date() }),
        ).unwrap();
        return { pass: answer.resource, result: answer.scan.scan_type };
      },
    }),
    [dispatch],
  );
  const desk = usePassDesk(calls, field);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = text.trim();
    setText('');
    if (code) void desk.read(code);
    else void desk.confirm();
  }

  function reset() {
    setText('');
    setCameraOn(false);
    desk.reset();
  }

  return (
    <Dialog
      isOpen={isOpen}
      title="Scan Pass"
      toggle={onClose}
      onOpened={() => field.current?.focus()}
      onClosed={reset}
      autoFocus={false}
      size="xl"
    >
      <ModalBody>
        <Row className="g-4">
          <Col lg={5}>
            <Form onSubmit={submit} autoComplete="off">
              <Label for={fieldId}>Pass code</Label>
              <Input
                id={fieldId}
                innerRef={field}
                value={text}
                onChange={(event) => setText(event.target.value)}
                autoFocus
                spellCheck={false}
                bsSize="lg"
                aria-describedby={`${fieldId}-help`}
              />
              <p id={`${fieldId}-help`} className="form-text">
                Scan the pass or type its code, then Enter. Enter again on an empty field confirms.
              </p>
            </Form>
            <Button
              color="secondary"
              outline
              onClick={() => {
                setCameraOn((on) => !on);
                field.current?.focus();
              }}
            >
              {cameraOn ? <CameraOff size={16} /> : <Camera size={16} />}
              {cameraOn ? 'Stop camera' : 'Use camera'}
            </Button>
            {cameraOn ? (
              <div className="mt-3">
                <Suspense fallback={<p role="status">Starting the camera...</p>}>
                  <PassCamera onRead={(code) => void desk.read(code)} />
                </Suspense>
              </div>
            ) : null}
          </Col>
          {/* One live region, so each new verdict is read out; refusals interrupt as alerts. */}
          <Col lg={7} aria-live="polite">
            <DeskPanel state={desk.state} onConfirm={() => void desk.confirm()} />
          </Col>
        </Row>
      </ModalBody>
      <ModalFooter>
        <Button color="secondary" outline onClick={onClose}>
          Close
        </Button>
      </ModalFooter>
    </Dialog>
  );
}
