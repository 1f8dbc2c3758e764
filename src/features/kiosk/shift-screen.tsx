import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'reactstrap';
import { useAppDispatch } from '../../app/hooks';
import { shiftTimeText } from '../../lib/device-time';
import { useDeviceLocation } from './device-location';
import { useFailureText } from './kiosk-failure';
import { KioskScreen } from './kiosk-screen';
import { recordShift, stepChosen, type ShiftKind } from './kiosk-slice';
import { WebcamCapture } from './webcam-capture';

/** Seconds between Take photo and the selfie, for the guard to face the camera. */
const SELFIE_COUNTDOWN_SECONDS = 3;

/**
 * Starting or ending a shift: a selfie from the kiosk's camera, then the shift is recorded with
 * the device's time and, when the browser gives it in time, its position. Where the company
 * allows PIN-only shifts the guard may go on without a selfie.
 */
export function ShiftScreen({ kind, pinOnly }: { kind: ShiftKind; pinOnly: boolean }) {
  const { t } = useTranslation('kiosk');
  const failureText = useFailureText();
  const dispatch = useAppDispatch();
  const location = useDeviceLocation();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [cameraFailed, setCameraFailed] = useState(false);
  const title = kind === 'start' ? t('shift.startTitle') : t('shift.endTitle');

  async function record(selfie: File | null) {
    const currentTime = shiftTimeText(new Date());
    setSending(true);
    setFailure(null);
    try {
      // On success the kiosk shows the result.
      await dispatch(
        recordShift({ kind, report: { currentTime, selfie, location: await location() } }),
      ).unwrap();
    } catch (refusal) {
      setFailure(refusal);
      setSending(false);
    }
  }

  return (
    <KioskScreen title={title}>
      <p className="kiosk-lead">{t('shift.selfieHint')}</p>
      <WebcamCapture
        facingMode="user"
        countdownSeconds={SELFIE_COUNTDOWN_SECONDS}
        fileName="selfie.jpg"
        confirmLabel={title}
        busy={sending}
        onConfirm={(selfie) => void record(selfie)}
        onUnavailable={() => setCameraFailed(true)}
      />
      {cameraFailed && !pinOnly ? <p className="kiosk-lead">{t('shift.selfieNeeded')}</p> : null}
      {sending ? (
        <p role="status" className="kiosk-lead">
          {t('shift.recording')}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="kiosk-error">
          {failureText(failure)}
        </p>
      ) : null}
      <div className="kiosk-actions">
        <Button
          color="secondary"
          outline
          size="lg"
          className="kiosk-button"
          disabled={sending}
          onClick={() => dispatch(stepChosen({ name: 'menu' }))}
        >
          {t('common.backToMenu')}
        </Button>
        {pinOnly ? (
          <Button
            color="secondary"
            size="lg"
            className="kiosk-button"
            disabled={sending}
            onClick={() => void record(null)}
          >
            {t('shift.withoutSelfie')}
          </Button>
        ) : null}
      </div>
    </KioskScreen>
  );
}
