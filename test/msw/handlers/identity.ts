import { http, HttpResponse } from 'msw';
import type { ChangePasswordBody, ResetRequestBody, ResetWithCodeBody } from '@contract/identity';
import { newPasswordProblem } from '@rules/passwords';
import { API, apiError } from '../api';

/** Accounts that exist, and the one code of a mailed link that still works. */
const KNOWN_EMAILS = ['superadmin@example.com', 'company@example.com', 'supervisor@example.com'];
export const WORKING_RESET_CODE = 'working-code';
const DEMO_PASSWORD = 'Demo@12345';

/** The server's words for the refusals the screens show as they come. */
export const IDENTITY_ANSWERS = {
  linkInvalid: 'This reset link is not valid. Please request a new one.',
  wrongCurrent: 'Your current password is not correct.',
  notYours: 'You can only change your own password.',
} as const;

function badRequest(code: string, message: string) {
  return HttpResponse.json(apiError(code, message), { status: 400 });
}

export const identityHandlers = [
  http.post(`${API}/identity/reset`, async ({ request }) => {
    const code = new URL(request.url).searchParams.get('code');
    if (code !== null) {
      const { challenge } = (await request.json()) as ResetWithCodeBody;
      if (code !== WORKING_RESET_CODE) {
        return badRequest('RESET_CODE_INVALID', IDENTITY_ANSWERS.linkInvalid);
      }
      const problem = newPasswordProblem(challenge);
      return problem
        ? badRequest('VALIDATION_FAILED', problem)
        : HttpResponse.json({ success: true });
    }
    const { identifier } = (await request.json()) as ResetRequestBody;
    if (!KNOWN_EMAILS.includes(identifier.toLowerCase())) {
      return HttpResponse.json(apiError('IDENTITY_NOT_FOUND', 'No identity has this identifier.'), {
        status: 404,
      });
    }
    return HttpResponse.json({ success: true });
  }),

  /** The signed-in user's own identity is `identity-{role}`, as the session handlers answer it. */
  http.post(`${API}/identity/:id/challenge`, async ({ request, params }) => {
    const role = request.headers.get('Authorization')?.replace(/^Bearer token-/, '');
    if (params.id !== `identity-${role}`) {
      return HttpResponse.json(apiError('FORBIDDEN', IDENTITY_ANSWERS.notYours), { status: 403 });
    }
    const body = (await request.json()) as ChangePasswordBody;
    const problem = newPasswordProblem(body.challenge);
    if (problem) return badRequest('VALIDATION_FAILED', problem);
    if (body.old_challenge !== DEMO_PASSWORD) {
      return HttpResponse.json(apiError('WRONG_PASSWORD', IDENTITY_ANSWERS.wrongCurrent), {
        status: 403,
      });
    }
    return HttpResponse.json({ success: true });
  }),
];
