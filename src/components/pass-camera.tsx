import { useEffect, useRef, useState } from 'react';
import type { BarcodeDetector } from 'barcode-detector/ponyfill';
import { cameraProblemOf, openCamera, stopCamera, type CameraProblem } from './camera';
import './pass-camera.css';

/** How often a frame is read: often enough to feel instant, rarely enough to spare the CPU. */
const READ_INTERVAL_MS = 250;

/** What the reader says, in the screen's language. */
export interface PassCameraTexts {
  video: string;
  starting: string;
  reading: string;
  problems: Record<CameraProblem, string>;
}

/** The console's words; the kiosk passes its own. */
const PASS_CAMERA_TEXTS: PassCameraTexts = {
  video: 'Camera view',
  starting: 'Starting the camera...',
  reading: 'Hold the pass’s QR code up to the camera.',
  problems: {
    unsupported: 'This browser cannot use a camera here.',
    denied: 'The camera may not be used: permission was refused.',
    missing: 'No camera was found.',
    failed: 'The camera could not start.',
  },
};

type CameraStatus =
  { step: 'starting' } | { step: 'reading' } | { step: 'failed'; problem: CameraProblem };

export interface PassCameraProps {
  onRead: (code: string) => void;
  texts?: PassCameraTexts;
}

/**
 * The device's camera as a pass reader: permission is asked only when this mounts (a desk's Use
 * camera), and the camera is released when it unmounts. Each code seen is handed to `onRead` as a
 * scanner's read would be; the desk drops repeats of the pass it already shows.
 */
export function PassCamera({ onRead, texts = PASS_CAMERA_TEXTS }: PassCameraProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const onReadRef = useRef(onRead);
  const [status, setStatus] = useState<CameraStatus>({ step: 'starting' });

  useEffect(() => {
    onReadRef.current = onRead;
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    async function readFrames(video: HTMLVideoElement, detector: BarcodeDetector) {
      if (stopped) return;
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        const [code] = await detector.detect(video);
        if (stopped) return;
        if (code?.rawValue) onReadRef.current(code.rawValue);
      }
      timer = setTimeout(() => void readFrames(video, detector).catch(fail), READ_INTERVAL_MS);
    }

    function fail(error: unknown) {
      if (!stopped) setStatus({ step: 'failed', problem: cameraProblemOf(error) });
    }

    async function start() {
      const opened = await openCamera('environment');
      if (stopped) {
        stopCamera(opened);
        return;
      }
      stream = opened;
      const video = videoRef.current;
      if (!video) return;
      video.srcObject = opened;
      await video.play();
      // The reader and its WebAssembly load only now, on the camera's first use.
      const { createPassDetector } = await import('./pass-decoder');
      if (stopped) return;
      setStatus({ step: 'reading' });
      await readFrames(video, createPassDetector());
    }

    start().catch(fail);
    return () => {
      stopped = true;
      clearTimeout(timer);
      stopCamera(stream);
    };
  }, []);

  return (
    <div>
      <video ref={videoRef} className="pass-camera" muted playsInline aria-label={texts.video} />
      <p role="status" className="mt-2 mb-0">
        {status.step === 'starting' ? texts.starting : null}
        {status.step === 'reading' ? texts.reading : null}
        {status.step === 'failed' ? texts.problems[status.problem] : null}
      </p>
    </div>
  );
}
