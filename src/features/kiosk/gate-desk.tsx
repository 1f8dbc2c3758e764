import { lazy, Suspense, useId, useMemo, useState, type FormEvent, type RefObject } from 'react';
import Camera from 'lucide-react/icons/camera';
import CameraOff from 'lucide-react/icons/camera-off';
import { useTranslation } from 'react-i18next';
import { Button, Input, Label } from 'reactstrap';
import { useAppDispatch } from '../../app/hooks';
import { DeskResult } from '../../components/desk-result';
import type { PassCameraTexts } from '../../components/pass-camera';
import {
  usePassDesk,
  type PassDeskCalls,
  type PassDeskState,
} from '../../components/use-pass-desk';
import type { GuardAppVisitor } from '@contract/guard-app';
import { GateVisitor } from './gate-visitor';
import { useFailureText } from './kiosk-failure';
import { useKioskFormat } from './kiosk-format';
import { findVisitorByCode, moveVisitor } from './kiosk-slice';
import { CAMERA_PROBLEM_KEYS } from './webcam-capture';

/** The camera and its code reader load on Use camera, as at the console's desk. */
const PassCamera = lazy(() =>
  import('../../components/pass-camera').then(({ PassCamera }) => ({ default: PassCamera })),
);

export type GateDirection = 'check-in' | 'check-out';

/** Whether the pass lets the visitor in or out now, as the server judged it. */
type GateVerdict = { allowed: true; direction: GateDirection } | { allowed: false };

type GateDeskState = PassDeskState<GuardAppVisitor, GateVerdict, GateDirection>;

function verdictOf(visitor: GuardAppVisitor): GateVerdict {
  if (visitor.can_check_in) return { allowed: true, direction: 'check-in' };
  if (visitor.can_check_out) return { allowed: true, direction: 'check-out' };
  return { allowed: false };
}

/**
 * The watchlist's reasons in red, and whether the company let the pass through them: who and
 * when, or that nobody did, so a blue "allowed" below never reads as the watchlist's word.
 */
function WatchlistWarning({ visitor }: { visitor: GuardAppVisitor }) {
  const { t } = useTranslation('kiosk');
  const format = useKioskFormat();
  if (!visitor.watchlist?.length) return null;
  const override = visitor.watchlist_override;
  return (
    <DeskResult
      tone="refused"
      title={t('gate.watchlisted')}
      text={[
        visitor.watchlist.join(' '),
        override
          ? t('gate.watchlistOverridden', {
              by: override.by,
              date: format.date(override.at),
              time: format.time(override.at),
            })
          : t('gate.watchlistNotOverridden'),
      ].join(' ')}
      alert
    />
  );
}

function DeskPanel({ state, onConfirm }: { state: GateDeskState; onConfirm: () => void }) {
  const { t } = useTranslation('kiosk');
  const failureText = useFailureText();
  switch (state.step) {
    case 'waiting':
      return <p className="kiosk-hint">{t('gate.waiting')}</p>;
    case 'looking-up':
      return <p className="kiosk-hint">{t('gate.lookingUp', { code: state.code })}</p>;
    case 'unknown':
      return (
        <DeskResult
          tone="refused"
          title={t('gate.notFound')}
          text={t('gate.notFoundText', { code: state.code })}
          alert
        />
      );
    case 'failed':
      return (
        <DeskResult tone="refused" title={t('gate.lookUpFailed')} text={state.message} alert />
      );
    case 'judged':
    case 'recording': {
      const { verdict } = state;
      return (
        <>
          <GateVisitor visitor={state.pass} />
          <WatchlistWarning visitor={state.pass} />
          {verdict.allowed ? (
            <DeskResult
              tone="allowed"
              title={
                verdict.direction === 'check-in'
                  ? t('gate.checkInAllowed')
                  : t('gate.checkOutAllowed')
              }
              text={
                verdict.direction === 'check-in' ? t('gate.pressEnterIn') : t('gate.pressEnterOut')
              }
            >
              <Button
                color="primary"
                size="lg"
                className="kiosk-button"
                disabled={state.step === 'recording'}
                onClick={onConfirm}
              >
                {state.step === 'recording'
                  ? t('gate.recording')
                  : verdict.direction === 'check-in'
                    ? t('gate.checkIn')
                    : t('gate.checkOut')}
              </Button>
            </DeskResult>
          ) : (
            <DeskResult
              tone="refused"
              title={t('gate.notAllowed')}
              text={state.pass.refusal ? failureText(state.pass.refusal) : t('gate.notAllowedText')}
              alert
            />
          )}
        </>
      );
    }
    case 'recorded':
      return (
        <>
          <GateVisitor visitor={state.pass} />
          <DeskResult
            tone={state.result === 'check-in' ? 'in' : 'out'}
            title={state.result === 'check-in' ? t('gate.checkedIn') : t('gate.checkedOut')}
            text={
              state.result === 'check-in'
                ? t('gate.checkedInText', { name: state.pass.name })
                : t('gate.checkedOutText', { name: state.pass.name })
            }
          />
        </>
      );
    case 'refused':
      return (
        <>
          <GateVisitor visitor={state.pass} />
          <DeskResult tone="refused" title={t('gate.notAllowed')} text={state.message} alert />
        </>
      );
  }
}

/**
 * The gate's scanning desk, the console desk's flow (one read, one confirmation): a USB scanner
 * types a pass's code and Enter into the focused field, or the camera reads it; the desk shows
 * the visitor and what the pass allows, and a bare Enter or the button confirms.
 */
export function GateDesk({
  field,
  onRecorded,
}: {
  /** The code field, which the gate focuses when it opens, for the scanner. */
  field: RefObject<HTMLInputElement>;
  onRecorded: () => void;
}) {
  const { t } = useTranslation('kiosk');
  const failureText = useFailureText();
  const dispatch = useAppDispatch();
  const fieldId = useId();
  const [text, setText] = useState('');
  const [cameraOn, setCameraOn] = useState(false);

  const calls = useMemo<PassDeskCalls<GuardAppVisitor, GateVerdict, GateDirection>>(
    () => ({
      lookUp: async (code) => {
        try {
          return await dispatch(findVisitorByCode(code)).unwrap();
        } catch (failure) {
          if ((failure as { status?: number | null }).status === 404) return null;
          throw new Error(failureText(failure), { cause: failure });
        }
      },
      judge: verdictOf,
      record: async (visitor, verdict) => {
        if (!verdict.allowed) throw new Error(t('gate.notAllowedText'));
        try {
          await dispatch(
            moveVisitor({ visitorId: visitor.id, direction: verdict.direction }),
          ).unwrap();
        } catch (failure) {
          throw new Error(failureText(failure), { cause: failure });
        }
        onRecorded();
        return { pass: visitor, result: verdict.direction };
      },
    }),
    [dispatch, t, failureText, onRecorded],
  );
  const desk = usePassDesk(calls, field);

  const cameraTexts = useMemo<PassCameraTexts>(
    () => ({
      video: t('camera.video'),
      starting: t('camera.starting'),
      reading: t('gate.cameraReading'),
      problems: {
        unsupported: t(CAMERA_PROBLEM_KEYS.unsupported),
        denied: t(CAMERA_PROBLEM_KEYS.denied),
        missing: t(CAMERA_PROBLEM_KEYS.missing),
        failed: t(CAMERA_PROBLEM_KEYS.failed),
      },
    }),
    [t],
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = text.trim();
    setText('');
    if (code) void desk.read(code);
    else void desk.confirm();
  }

  return (
    <section className="kiosk-desk" aria-labelledby={`${fieldId}-title`}>
      <h2 id={`${fieldId}-title`} className="kiosk-subtitle">
        {t('gate.scanTitle')}
      </h2>
      <div className="kiosk-desk-grid">
        <div>
          <form onSubmit={submit} autoComplete="off">
            <Label for={fieldId} className="kiosk-label">
              {t('gate.code')}
            </Label>
            <Input
              id={fieldId}
              innerRef={field}
              value={text}
              onChange={(event) => setText(event.target.value)}
              spellCheck={false}
              bsSize="lg"
              aria-describedby={`${fieldId}-help`}
            />
            <p id={`${fieldId}-help`} className="kiosk-hint">
              {t('gate.codeHelp')}
            </p>
          </form>
          <Button
            color="secondary"
            outline
            size="lg"
            className="kiosk-button"
            onClick={() => {
              setCameraOn((on) => !on);
              field.current?.focus();
            }}
          >
            {cameraOn ? (
              <CameraOff size={24} aria-hidden="true" />
            ) : (
              <Camera size={24} aria-hidden="true" />
            )}
            {cameraOn ? t('gate.stopCamera') : t('gate.useCamera')}
          </Button>
          {cameraOn ? (
            <div className="mt-3">
              <Suspense fallback={<p role="status">{t('camera.starting')}</p>}>
                <PassCamera onRead={(code) => void desk.read(code)} texts={cameraTexts} />
              </Suspense>
            </div>
          ) : null}
        </div>
        {/* One live region, so each new verdict is read out; refusals interrupt as alerts. */}
        <div aria-live="polite">
          <DeskPanel state={desk.state} onConfirm={() => void desk.confirm()} />
        </div>
      </div>
    </section>
  );
}
