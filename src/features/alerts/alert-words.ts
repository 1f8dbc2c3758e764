import type { Alert, AlertKind } from '@contract/alerts';

export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  late: 'Late',
  no_show: 'No-show',
  licence_expiring: 'Licence expiring',
  licence_expired: 'Licence expired',
  round_missed: 'Round missed',
  checkpoints_missed: 'Checkpoints missed',
  completion_low: 'Patrols under target',
  sos: 'SOS',
};

/** Bootstrap's colour of each kind's badge; the badge always carries the word too. */
export const ALERT_KIND_COLORS: Record<AlertKind, string> = {
  late: 'warning',
  no_show: 'danger',
  licence_expiring: 'warning',
  licence_expired: 'danger',
  round_missed: 'danger',
  checkpoints_missed: 'warning',
  completion_low: 'warning',
  sos: 'danger',
};

export const ALERTS_PATH = '/alerts';

/** The guard's details page, for an alert about a guard. */
export function alertGuardPath(alert: Alert): string | null {
  return alert.guard_uuid ? `/guard-details/${encodeURIComponent(alert.guard_uuid)}` : null;
}

/** The site's roster, for an alert about a shift. */
export function alertShiftPath(alert: Alert): string | null {
  return alert.shift_uuid && alert.residence_uuid
    ? `/rosters?site=${encodeURIComponent(alert.residence_uuid)}&shift=${encodeURIComponent(alert.shift_uuid)}`
    : null;
}

/** The site's patrols, for an alert about a patrol (that patrol's details) or a night's. */
export function alertPatrolPath(alert: Alert): string | null {
  if (!alert.residence_uuid) return null;
  const site = `/patrols?site=${encodeURIComponent(alert.residence_uuid)}`;
  if (alert.patrol_uuid) return `${site}&patrol=${encodeURIComponent(alert.patrol_uuid)}`;
  return alert.kind === 'completion_low' ? site : null;
}

/** The alert as a WhatsApp message to share, like an e-pass's. */
export function alertShareLink(alert: Alert): string {
  return `https://wa.me/?text=${encodeURIComponent(alert.message)}`;
}
