import { setupServer } from 'msw/node';
import { sessionHandlers } from './handlers/session';
import { dashboardHandlers } from './handlers/dashboard';

/** Default handlers, one module per entity; a test overrides them with server.use(). */
export const server = setupServer(...sessionHandlers, ...dashboardHandlers);
