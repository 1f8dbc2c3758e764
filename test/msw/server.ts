import { setupServer } from 'msw/node';
import { adminScreenHandlers } from './handlers/admin-screens';
import { adminHandlers } from './handlers/admins';
import { attendanceHandlers } from './handlers/attendances';
import { auditHandlers } from './handlers/audit';
import { dashboardHandlers } from './handlers/dashboard';
import { fileHandlers } from './handlers/files';
import { guardAppHandlers } from './handlers/guard-app';
import { guardHandlers } from './handlers/guards';
import { identityHandlers } from './handlers/identity';
import { incidentHandlers } from './handlers/incidents';
import { kioskHandlers } from './handlers/kiosks';
import { securityCompanyHandlers } from './handlers/security-companies';
import { sessionHandlers } from './handlers/session';
import { siteHandlers } from './handlers/sites';
import { visitorHandlers } from './handlers/visitors';
import { watchlistHandlers } from './handlers/watchlist';

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
);
