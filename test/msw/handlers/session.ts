import { http, HttpResponse } from 'msw';
import { API, apiError } from '../api';
import { profiles } from '../../fixtures/session';

const passwords: Record<string, keyof typeof profiles> = {
  'superadmin@example.com': 'superadmin',
  'company@example.com': 'securitycompany',
  'supervisor@example.com': 'sitesupervisor',
};

export const sessionHandlers = [
  http.post(`${API}/admin/session`, async ({ request }) => {
    const body = (await request.json()) as { identifier?: string; challenge?: string };
    const role = body.identifier ? passwords[body.identifier] : undefined;
    if (!role || body.challenge !== 'Demo@12345') {
      return HttpResponse.json(apiError('INVALID_CREDENTIALS', 'Invalid email or password.'), {
        status: 401,
      });
    }
    return HttpResponse.json({
      success: true,
      session_token: `token-${role}`,
      profile: profiles[role],
      identities: [{ uuid: `identity-${role}` }],
    });
  }),
  http.delete(`${API}/identity/session`, () => HttpResponse.json({ success: true })),
  // As the server: an answered call with a session names the idle timeout.
  http.get(`${API}/identity/session`, () =>
    HttpResponse.json({ success: true }, { headers: { 'X-Session-Idle-Minutes': '30' } }),
  ),
];
