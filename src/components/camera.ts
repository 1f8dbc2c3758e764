/**
 * The browser's camera, as the pass reader and the kiosk's photo capture open it: permission is
 * asked only when a screen calls this, and the caller stops the stream when it is done.
 */

/** Why a camera could not be used, for a screen to say in its own words. */
export type CameraProblem = 'unsupported' | 'denied' | 'missing' | 'failed';

/** Thrown when the browser has no camera API here (an old browser, or a page not on https). */
class CameraUnsupported extends Error {
  override name = 'CameraUnsupported';
}

export async function openCamera(facingMode: 'user' | 'environment'): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraUnsupported();
  return navigator.mediaDevices.getUserMedia({ video: { facingMode }, audio: false });
}

export function stopCamera(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}

export function cameraProblemOf(error: unknown): CameraProblem {
  // Read from any object: a DOMException is not an Error everywhere.
  const name =
    typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  if (name === 'CameraUnsupported') return 'unsupported';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  return 'failed';
}
