/**
 * A site's patrol checkpoint (issue 38), as GET /checkpoints/list answers it: a point a guard's
 * round passes, with what to check there and the QR sticker that proves the guard was there.
 */
export interface Checkpoint {
  uuid: string;
  residence_uuid: string;
  residence_name: string;
  name: string;
  /** What the guard checks there ('' when nothing is said). */
  instructions: string;
  latitude: number | null;
  longitude: number | null;
  /** What the sticker's QR code holds (CHECKPOINT_QR_PREFIX and an unguessable code). */
  qr_text: string;
  /** UTC 'YYYY-MM-DD HH:MM:SS' when it was retired; null while in use. */
  retired_at: string | null;
  created_at: string;
}

/** POST /checkpoints (residence_uuid required) and PATCH /checkpoints/{uuid} (site fixed). */
export interface CheckpointBody {
  residence_uuid: string;
  name: string;
  instructions: string;
  latitude: number | null;
  longitude: number | null;
}
