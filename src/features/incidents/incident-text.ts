import type { Incident } from '@contract/incidents';

/** Only mp4 is a video among the incident file types; the rest are photos. */
export function isVideo(mimeType: string): boolean {
  return mimeType === 'video/mp4';
}

/** Who reported it: a login's email, or the ID of a guard reporting from the guards' app. */
export function reporterOf(incident: Pick<Incident, 'user_email' | 'guard_id'>): string {
  return incident.user_email ?? incident.guard_id ?? '';
}

/**
 * The Word document's GPS (spec part 2 §9): 6 decimals, 'lat, lng'; '-' without coordinates.
 * Screens show 7, as every screen does (formatLocation in lib/attendance).
 */
export function documentGps({ lat, lng }: Pick<Incident, 'lat' | 'lng'>): string {
  if (lat === null || lng === null) return '-';
  return `${lat.toFixed(6)}, ${lng.toFixed(6)}`;
}

/** Characters no file system takes in a name. */
const UNSAFE_IN_FILE_NAME = /[\\/:*?"<>|]+/g;

/** Spec part 2 §9: the Word document is named by incident id and category, e.g. 'INC-000123_Theft.docx'. */
export function wordFileName(incident: Pick<Incident, 'kg_incident_id' | 'category_name'>): string {
  const name = `${incident.kg_incident_id}_${incident.category_name}`;
  return `${name.replace(UNSAFE_IN_FILE_NAME, '-').trim()}.docx`;
}
