import { useCallback, useEffect, useRef, useState } from 'react';
import Camera from 'lucide-react/icons/camera';
import RefreshCcw from 'lucide-react/icons/refresh-ccw';
import { useTranslation } from 'react-i18next';
import { Button } from 'reactstrap';
import {
  cameraProblemOf,
  openCamera,
  stopCamera,
  type CameraProblem,
} from '../../components/camera';

/** Wider frames are scaled down: a sharp face or scene, a file far below the 5 MB upload limit. */
const MAX_PHOTO_WIDTH = 1280;
const JPEG_QUALITY = 0.85;

/** The kiosk's words for each camera problem. */
export const CAMERA_PROBLEM_KEYS = {
  unsupported: 'camera.unsupported',
  denied: 'camera.denied',
  missing: 'camera.missing',
  failed: 'camera.failed',
} as const satisfies Record<CameraProblem, string>;

type CaptureState =
  | { step: 'starting' }
  | { step: 'live'; notReady: boolean }
  | { step: 'counting'; left: number }
  | { step: 'taken'; photo: File; url: string }
  | { step: 'failed'; problem: CameraProblem };

export interface WebcamCaptureProps {
  /** 'user' for a selfie or a visitor facing the kiosk, 'environment' for a scene. */
  facingMode: 'user' | 'environment';
  /** Seconds counted down before the photo is taken, so a guard can settle for a selfie. */
  countdownSeconds?: number;
  fileName: string;
  /** The button that takes the photo on, e.g. "Start shift" or "Add this photo". */
  confirmLabel: string;
  /** The photo is being used (a shift is being recorded): the buttons wait. */
  busy?: boolean;
  onConfirm: (photo: File) => void;
  /**
   * Told the photo taken and not yet confirmed, and null once it is retaken, confirmed or the
   * camera closes: a form that sends may then attach it rather than lose it.
   */
  onTakenChange?: (photo: File | null) => void;
  /** The camera cannot be used; the screen may offer another way on. */
  onUnavailable?: (problem: CameraProblem) => void;
}

/** A frame of the video as a JPEG file, or null when the camera has no frame yet. */
async function captureFrame(video: HTMLVideoElement, fileName: string): Promise<File | null> {
  if (!video.videoWidth || !video.videoHeight) return null;
  const scale = Math.min(1, MAX_PHOTO_WIDTH / video.videoWidth);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The browser cannot draw the camera’s picture.');
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
  );
  if (!blob) throw new Error('The browser could not make a JPEG of the camera’s picture.');
  return new File([blob], fileName, { type: 'image/jpeg' });
}

/**
 * The kiosk's one camera capture, for a guard's selfie, a walk-in visitor's photo and incident
 * photos: the camera is asked for only when this mounts, shows live, takes a photo (after a
 * countdown when asked), and offers Retake or the confirm action. The camera is released when
 * this unmounts.
 */
export function WebcamCapture({
  facingMode,
  countdownSeconds = 0,
  fileName,
  confirmLabel,
  busy = false,
  onConfirm,
  onTakenChange,
  onUnavailable,
}: WebcamCaptureProps) {
  const { t } = useTranslation('kiosk');
  const video = useRef<HTMLVideoElement>(null);
  const takeButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const [state, setState] = useState<CaptureState>({ step: 'starting' });
  // Set by Retake, so that Take photo has focus again once it is back.
  const retaking = useRef(false);
  const onUnavailableRef = useRef(onUnavailable);
  const onTakenChangeRef = useRef(onTakenChange);

  useEffect(() => {
    onUnavailableRef.current = onUnavailable;
    onTakenChangeRef.current = onTakenChange;
  });

  const takenPhoto = state.step === 'taken' ? state.photo : null;
  useEffect(() => {
    if (!takenPhoto) return;
    onTakenChangeRef.current?.(takenPhoto);
    return () => onTakenChangeRef.current?.(null);
  }, [takenPhoto]);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    async function start() {
      const opened = await openCamera(facingMode);
      if (stopped) {
        stopCamera(opened);
        return;
      }
      stream = opened;
      const element = video.current;
      if (!element) return;
      element.srcObject = opened;
      await element.play();
      if (!stopped) setState({ step: 'live', notReady: false });
    }
    start().catch((error: unknown) => {
      if (stopped) return;
      const problem = cameraProblemOf(error);
      setState({ step: 'failed', problem });
      onUnavailableRef.current?.(problem);
    });
    return () => {
      stopped = true;
      stopCamera(stream);
    };
  }, [facingMode]);

  const take = useCallback(async () => {
    const element = video.current;
    try {
      const photo = element ? await captureFrame(element, fileName) : null;
      setState(
        photo
          ? { step: 'taken', photo, url: URL.createObjectURL(photo) }
          : { step: 'live', notReady: true },
      );
    } catch {
      setState({ step: 'failed', problem: 'failed' });
    }
  }, [fileName]);

  useEffect(() => {
    if (state.step !== 'counting') return;
    const timer = setTimeout(() => {
      if (state.left > 1) setState({ step: 'counting', left: state.left - 1 });
      else void take();
    }, 1000);
    return () => clearTimeout(timer);
  }, [state, take]);

  const takenUrl = state.step === 'taken' ? state.url : null;
  useEffect(() => {
    if (!takenUrl) return;
    confirmButton.current?.focus();
    return () => URL.revokeObjectURL(takenUrl);
  }, [takenUrl]);

  function startTaking() {
    if (countdownSeconds > 0) setState({ step: 'counting', left: countdownSeconds });
    else void take();
  }

  useEffect(() => {
    if (state.step !== 'live' || !retaking.current) return;
    retaking.current = false;
    takeButton.current?.focus();
  }, [state]);

  function retake() {
    retaking.current = true;
    setState({ step: 'live', notReady: false });
  }

  if (state.step === 'failed') {
    return (
      <p role="alert" className="kiosk-error">
        {t(CAMERA_PROBLEM_KEYS[state.problem])}
      </p>
    );
  }

  return (
    <div className="kiosk-capture">
      <div className="kiosk-capture-frame">
        <video
          ref={video}
          className={`kiosk-capture-video${facingMode === 'user' ? ' kiosk-mirrored' : ''}`}
          hidden={state.step === 'taken'}
          muted
          playsInline
          aria-label={t('camera.video')}
        />
        {state.step === 'taken' ? (
          <img src={state.url} alt={t('camera.taken')} className="kiosk-capture-video" />
        ) : null}
        {state.step === 'counting' ? (
          <span className="kiosk-countdown" aria-hidden="true">
            {state.left}
          </span>
        ) : null}
      </div>
      <p role="status" className="kiosk-hint">
        {state.step === 'starting' ? t('camera.starting') : null}
        {state.step === 'counting' ? t('camera.countdown', { seconds: state.left }) : null}
        {state.step === 'live' && state.notReady ? t('camera.notReady') : null}
      </p>
      <div className="kiosk-actions">
        {state.step === 'taken' ? (
          <>
            <Button
              color="secondary"
              outline
              size="lg"
              className="kiosk-button"
              disabled={busy}
              onClick={retake}
            >
              <RefreshCcw size={24} aria-hidden="true" />
              {t('camera.retake')}
            </Button>
            <Button
              innerRef={confirmButton}
              color="primary"
              size="lg"
              className="kiosk-button"
              disabled={busy}
              onClick={() => onConfirm(state.photo)}
            >
              {confirmLabel}
            </Button>
          </>
        ) : (
          <Button
            innerRef={takeButton}
            color="primary"
            size="lg"
            className="kiosk-button"
            disabled={state.step === 'starting'}
            // Still focusable while counting down, so focus stays where the guard left it.
            aria-disabled={state.step === 'counting'}
            onClick={() => {
              if (state.step === 'live') startTaking();
            }}
          >
            <Camera size={24} aria-hidden="true" />
            {t('camera.take')}
          </Button>
        )}
      </div>
    </div>
  );
}
