import { lazy, Suspense, useCallback, useId, useRef, useState, type FormEvent } from 'react';
import Camera from 'lucide-react/icons/camera';
import CameraOff from 'lucide-react/icons/camera-off';
import CircleCheckBig from 'lucide-react/icons/circle-check-big';
import LogOut from 'lucide-react/icons/log-out';
import OctagonX from 'lucide-react/icons/octagon-x';
import {
  Button,
  Col,
  Form,
  Input,
  Label,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
  Row,
} from 'reactstrap';
import type { ScanType, Visitor } from '../../lib/contract/visitors';
import type { ScanVerdict } from '../../lib/rules/visitor-pass';
import { useAppDispatch } from '../../app/hooks';
import { isRepeatRead, type DeskRead } from './desk-reads';
import {
  expectedArrival,
  expectedExit,
  hostName,
  latestScanText,
  passKind,
  scanDoneText,
  unitName,
  verdictOf,
} from './visitor-text';
import { lookUpPass, scanVisitorPass } from './visitors-slice';

/** The camera and its code reader load on the desk's Use camera, not with the screen. */
const PassCamera = lazy(() =>
  import('./pass-camera').then(({ PassCamera }) => ({ default: PassCamera })),
);

/** What the desk shows: one pass at a time, from its read to its recorded scan. */
export type DeskState =
  | { step: 'waiting' }
  | { step: 'looking-up'; code: string }
  | { step: 'unknown'; code: string }
  | { step: 'judged'; code: string; visitor: Visitor; verdict: ScanVerdict }
  | { step: 'recording'; code: string; visitor: Visitor; verdict: ScanVerdict }
  | { step: 'recorded'; code: string; visitor: Visitor; scanType: ScanType }
  | { step: 'refused'; code: string; visitor: Visitor; message: string }
  | { step: 'failed'; code: string; message: string };

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
        <p className="desk-visitor-name">{visitor.name}</p>
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
          <dd>
            {expectedArrival(visitor)} to {expectedExit(visitor)}
          </dd>
          <dt>Status</dt>
          <dd>{latestScanText(visitor)}</dd>
        </dl>
      </Col>
    </Row>
  );
}

type Tone = 'allowed' | 'in' | 'out' | 'refused';

/** The desk's verdict, large, coloured and in words, so colour is never the only sign. */
function DeskResult({
  tone,
  title,
  text,
  alert = false,
}: {
  tone: Tone;
  title: string;
  text: string;
  alert?: boolean;
}) {
  const Icon = tone === 'out' ? LogOut : tone === 'refused' ? OctagonX : CircleCheckBig;
  return (
    <div role={alert ? 'alert' : undefined} className={`desk-result desk-result-${tone}`}>
      <Icon size={40} aria-hidden="true" />
      <div>
        <p className="desk-result-title">{title}</p>
        <p className="desk-result-text">{text}</p>
      </div>
    </div>
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
          <VisitorCard visitor={state.visitor} />
          {state.verdict.allowed ? (
            <div className="desk-result desk-result-allowed">
              <CircleCheckBig size={40} aria-hidden="true" />
              <div className="flex-grow-1">
                <p className="desk-result-title">{state.verdict.label} allowed</p>
                <p className="desk-result-text">Press Enter to {state.verdict.label}.</p>
              </div>
              <Button
                color="primary"
                size="lg"
                disabled={state.step === 'recording'}
                onClick={onConfirm}
              >
                {state.step === 'recording' ? 'Recording...' : state.verdict.label}
              </Button>
            </div>
          ) : (
            <DeskResult tone="refused" title="Not allowed" text={state.verdict.message} alert />
          )}
        </>
      );
    case 'recorded':
      return (
        <>
          <VisitorCard visitor={state.visitor} />
          <DeskResult
            tone={state.scanType === 'IN' ? 'in' : 'out'}
            title={state.scanType === 'IN' ? 'Checked in' : 'Checked out'}
            text={scanDoneText(state.visitor.name, state.scanType)}
          />
        </>
      );
    case 'refused':
      return (
        <>
          <VisitorCard visitor={state.visitor} />
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
  const [state, setState] = useState<DeskState>({ step: 'waiting' });
  const [cameraOn, setCameraOn] = useState(false);
  // Refs, not state: reads arrive faster than renders (a scanner, the camera's frames).
  const stateRef = useRef(state);
  const lastRead = useRef<DeskRead | null>(null);
  // Bumped by each look-up and by closing the desk: an answer of an older generation is dropped.
  const generation = useRef(0);

  const show = useCallback((next: DeskState) => {
    stateRef.current = next;
    setState(next);
    field.current?.focus();
  }, []);

  const read = useCallback(
    async (code: string) => {
      const thisRead = { code, at: Date.now() };
      const previous = lastRead.current;
      lastRead.current = thisRead;
      if (isRepeatRead(previous, thisRead)) return;
      if (stateRef.current.step === 'recording') return;
      const lookUp = ++generation.current;
      show({ step: 'looking-up', code });
      try {
        const visitor = await dispatch(lookUpPass(code)).unwrap();
        if (lookUp !== generation.current) return;
        show(
          visitor
            ? { step: 'judged', code, visitor, verdict: verdictOf(visitor, new Date()) }
            : { step: 'unknown', code },
        );
      } catch (error) {
        if (lookUp === generation.current) show({ step: 'failed', code, message: String(error) });
      }
    },
    [dispatch, show],
  );

  const confirm = useCallback(async () => {
    const current = stateRef.current;
    if (current.step !== 'judged' || !current.verdict.allowed) return;
    // A desk closed meanwhile starts afresh: a late answer must not show on its next opening.
    const session = generation.current;
    show({ ...current, step: 'recording' });
    try {
      const answer = await dispatch(
        scanVisitorPass({ code: current.visitor.qr_code, now: new Date() }),
      ).unwrap();
      if (session !== generation.current) return;
      show({
        step: 'recorded',
        code: current.code,
        visitor: answer.resource,
        scanType: answer.scan.scan_type,
      });
    } catch (error) {
      if (session !== generation.current) return;
      show({
        step: 'refused',
        code: current.code,
        visitor: current.visitor,
        message: String(error),
      });
    }
  }, [dispatch, show]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = text.trim();
    setText('');
    if (code) void read(code);
    else void confirm();
  }

  function reset() {
    setText('');
    setCameraOn(false);
    lastRead.current = null;
    generation.current += 1;
    stateRef.current = { step: 'waiting' };
    setState({ step: 'waiting' });
  }

  return (
    <Modal
      isOpen={isOpen}
      toggle={onClose}
      onOpened={() => field.current?.focus()}
      onClosed={reset}
      autoFocus={false}
      size="xl"
    >
      <ModalHeader toggle={onClose}>Scan Pass</ModalHeader>
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
                  <PassCamera onRead={(code) => void read(code)} />
                </Suspense>
              </div>
            ) : null}
          </Col>
          {/* One live region, so each new verdict is read out; refusals interrupt as alerts. */}
          <Col lg={7} aria-live="polite">
            <DeskPanel state={state} onConfirm={() => void confirm()} />
          </Col>
        </Row>
      </ModalBody>
      <ModalFooter>
        <Button color="secondary" outline onClick={onClose}>
          Close
        </Button>
      </ModalFooter>
    </Modal>
  );
}
