import { setupServer } from 'msw/node';
import { adminScreenHandlers } from './handlers/admin-screens';
import { adminHandlers } from './handlers/admins';
import { alertHandlers, resetAlertRecords } from './handlers/alerts';
import { attendanceHandlers } from './handlers/attendances';
import { auditHandlers } from './handlers/audit';
import { checkpointHandlers, resetCheckpointRecords } from './handlers/checkpoints';
import { dashboardHandlers } from './handlers/dashboard';
import { fileHandlers } from './handlers/files';
import { guardAppHandlers, resetGuardAppRecords } from './handlers/guard-app';
import { guardHandlers, resetGuardRecords } from './handlers/guards';
import { identityHandlers } from './handlers/identity';
import { incidentHandlers, resetIncidentRecords } from './handlers/incidents';
import { kioskHandlers, resetKioskRecords } from './handlers/kiosks';
import { securityCompanyHandlers } from './handlers/security-companies';
import { sessionHandlers } from './handlers/session';
import { patrolHandlers, resetPatrolRecords } from './handlers/patrols';
import { resetRoundRecords, roundHandlers } from './handlers/rounds';
import { resetShiftWatchRecords, shiftWatchHandlers } from './handlers/shift-watch';
import { resetShiftRecords, shiftHandlers } from './handlers/shifts';
import { resetSiteRecords, siteHandlers } from './handlers/sites';
import { resetVisitorRecords, visitorHandlers } from './handlers/visitors';
import { resetUnitRecords, unitHandlers } from './handlers/units';
import { resetWatchlistRecords, watchlistHandlers } from './handlers/watchlist';

/** Default handlers, one module per entity; a test overrides them with server.use(). */
export const server = setupServer(
  ...sessionHandlers,
  ...dashboardHandlers,
  ...securityCompanyHandlers,
  ...siteHandlers,
  ...fileHandlers,
  ...adminHandlers,
  ...adminScreenHandlers,
  ...guardHandlers,
  ...attendanceHandlers,
  ...incidentHandlers,
  ...identityHandlers,
  ...visitorHandlers,
  ...kioskHandlers,
  ...guardAppHandlers,
  ...auditHandlers,
  ...watchlistHandlers,
  ...unitHandlers,
  ...checkpointHandlers,
  ...roundHandlers,
  ...patrolHandlers,
  ...alertHandlers,
  // Before shiftHandlers: its GET /shifts answers the calls with a state, and passes the others on.
  ...shiftWatchHandlers,
  ...shiftHandlers,
);

/**
 * Puts every handler's records back to their fixtures. The test setup calls it before each test:
 * the files of a worker share these modules, so one file's writes would otherwise reach the next.
 */
export function resetRecords(): void {
  resetGuardAppRecords();
  resetGuardRecords();
  resetIncidentRecords();
  resetKioskRecords();
  resetSiteRecords();
  resetVisitorRecords();
  resetWatchlistRecords();
  resetUnitRecords();
  resetCheckpointRecords();
  resetRoundRecords();
  resetPatrolRecords();
  resetAlertRecords();
  resetShiftWatchRecords();
  resetShiftRecords();
}
