import { http, HttpResponse } from 'msw';
import type { Login } from '@contract/logins';
import type { SecurityCompany } from '@contract/security-companies';
import type { SiteSupervisor } from '@contract/site-supervisors';
import { API, apiError } from '../api';

/**
 * The company, supervisor and login screens' calls. A test sets the rows it wants listed; writes
 * answer the record sent back. Which rows a role may see is the real server's job (test/server).
 */
export const adminScreenRows: {
  companies: SecurityCompany[];
  supervisors: SiteSupervisor[];
  logins: Login[];
} = { companies: [], supervisors: [], logins: [] };

/** The administrator's own password in these tests: /admin/verify accepts it and nothing else. */
export const ADMIN_PASSWORD = 'Demo@12345';

const page = <T>(rows: T[]) => HttpResponse.json({ resource: rows, meta: { count: rows.length } });

export const adminScreenHandlers = [
  http.get(`${API}/sitesupervisors/list`, () => page(adminScreenRows.supervisors)),
  http.get(`${API}/logins/list`, () => page(adminScreenRows.logins)),
  http.post(`${API}/admin/verify`, async ({ request }) => {
    const { challenge } = (await request.json()) as { challenge: string };
    return challenge === ADMIN_PASSWORD
      ? HttpResponse.json({ success: true, verification_token: 'proof-1' })
      : HttpResponse.json(apiError('VERIFICATION_FAILED', 'Invalid email or password.'), {
          status: 403,
        });
  }),
];
