import type { IncidentStatus } from '@rules/incidents';

/** An incident category (GET /data/kg_incident_categories). */
export interface IncidentCategory {
  uuid: string;
  name: string;
}

/** A photo or video attached to an incident. */
export interface IncidentFile {
  uuid: string;
  /** The unguessable URL of the file (also under `path` and `thumbnail`, as the spec names them). */
  url: string;
  path: string;
  thumbnail: string;
  filename: string;
  /** image/png, image/jpeg or video/mp4. */
  mime_type: string;
}

/** An incident as GET /incidents/list answers it (spec part 2 §3). Timestamps are UTC text. */
export interface Incident {
  uuid: string;
  /** Read aloud and quoted: INC-000123, numbered per security company in the order of reporting. */
  kg_incident_id: string;
  category_uuid: string;
  category_name: string;
  residence_uuid: string;
  residence_name: string;
  kg_security_company: { name: string } | null;
  created_at: string;
  incident_date: string;
  lat: number | null;
  lng: number | null;
  description: string;
  /** Shown as Remarks. */
  actions_taken: string;
  status: IncidentStatus;
  files: IncidentFile[];
  /** Who reported it: a login's email, or a guard's ID (reports from the guards' app). */
  user_email: string | null;
  guard_id: string | null;
}

/** POST /incidents/add. `incident_date` is UTC 'YYYY-MM-DD HH:mm:ss'; `files` are upload uuids. */
export interface IncidentAddBody {
  incident_date: string;
  residence_uuid: string;
  category_uuid: string;
  lat: number | null;
  lng: number | null;
  actions_taken: string;
  description: string;
  status: IncidentStatus;
  files: string[];
}

/** PATCH /incidents/{uuid}: what the detail page changes. `files` replaces the whole list. */
export interface IncidentUpdateBody {
  actions_taken?: string;
  status?: IncidentStatus;
  files?: string[];
}
