/** Photo and attachment limits (spec part 1 §5, part 2 §5). */
export const MAX_FILE_BYTES = 5_000_000;
/**
 * The most files one upload call may carry (the server's multipart limit). An incident may hold
 * more (MAX_INCIDENT_FILES), so the console sends them in several calls of at most this many.
 */
export const MAX_FILES_PER_UPLOAD = 10;
export const PHOTO_TYPES = ['image/png', 'image/jpeg'] as const;
export const INCIDENT_FILE_TYPES = ['image/png', 'image/jpeg', 'video/mp4'] as const;

export const PHOTO_TOO_LARGE = 'File size is greater than 5mb. Please choose another file.';
export const PHOTO_TYPE_NOT_ALLOWED =
  'File extension is not allowed. Please choose either JPEG or PNG.';

/** The message for a photo the console or server must refuse, or null when it is acceptable. */
export function photoProblem(file: { size: number; type: string }): string | null {
  if (file.size > MAX_FILE_BYTES) return PHOTO_TOO_LARGE;
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return PHOTO_TYPE_NOT_ALLOWED;
  return null;
}

export const INCIDENT_FILE_TOO_LARGE = 'File size greater than 5mb';
export const incidentFileTypeNotAllowed = (type: string) =>
  `File type not allowed - ${type || 'unknown'}`;

/** The message for an incident attachment the console or server must refuse, or null. */
export function incidentFileProblem(file: { size: number; type: string }): string | null {
  if (file.size > MAX_FILE_BYTES) return INCIDENT_FILE_TOO_LARGE;
  if (!(INCIDENT_FILE_TYPES as readonly string[]).includes(file.type)) {
    return incidentFileTypeNotAllowed(file.type);
  }
  return null;
}
