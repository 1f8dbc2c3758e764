import { useEffect, useRef, useState } from 'react';
import type { BarcodeDetector } from 'barcode-detector/ponyfill';

/** How often a frame is read: often enough to feel instant, rarely enough to spare the CPU. */
const READ_INTERVAL_MS = 250;

type CameraStatus = { step: 'starting' } | { step: 'reading' } | { step: 'failed'; text: string };

/** Why the camera could not be used, in words for the desk. */
function cameraErrorText(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'The camera may not be used: permission was refused.';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found.';
  return 'The camera could not start.';
}

/**
 * The computer's camera as a pass reader: permission is asked only when this mounts (the desk's
 * Use camera), and the camera is released when it unmounts. Each code seen is handed to `onRead`
 * as a scanner's read would be; the desk drops repeats of the pass it already shows.
 */
export function PassCamera({ onRead }: { onRead: (code: string) => void }) {
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
      if (!stopped) setStatus({ step: 'failed', text: cameraErrorText(error) });
    }

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setStatus({ step: 'failed', text: 'This browser cannot use a camera here.' });
        return;
      }
      const opened = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment' },
        audio: false,
      });
      if (stopped) {
        opened.getTracks().forEach((track) => track.stop());
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
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div>
      <video ref={videoRef} className="desk-camera" muted playsInline aria-label="Camera view" />
      <p role="status" className="mt-2 mb-0">
        {status.step === 'starting' ? 'Starting the camera...' : null}
        {status.step === 'reading' ? 'Hold the pass’s QR code up to the camera.' : null}
        {status.step === 'failed' ? status.text : null}
      </p>
    </div>
  );
}
