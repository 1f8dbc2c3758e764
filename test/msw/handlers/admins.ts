import { http, HttpResponse } from 'msw';
import { profiles } from '../../fixtures/session';
import { API } from '../api';

/** The logins of the fixtures: their emails are taken for guards. */
const loginEmails = Object.values(profiles).map((profile) => profile.email.toLowerCase());

export function isLoginEmail(email: string): boolean {
  return loginEmails.includes(email.trim().toLowerCase());
}

export const adminHandlers = [
  http.post(`${API}/admin/searchadmin`, async ({ request }) => {
    const { email } = (await request.json()) as { email: string };
    const matches = isLoginEmail(email) ? [{ uuid: `login-${email}`, email }] : [];
    return HttpResponse.json({ resource: matches, meta: { count: matches.length } });
  }),
];
