import type { FastifyInstance } from 'fastify';
import type { ChangePasswordBody } from '@contract/identity';
import { principalOf } from '../../auth/authenticate';
import { badRequest } from '../../http/errors';
import type { IdentityService } from './identity.service';

const secret = { type: 'string', maxLength: 1024 };

/** Forgot, reset and change password (spec part 2 §7). */
export function identityRoutes(app: FastifyInstance, deps: { identity: IdentityService }): void {
  /** Without `code`: mail a reset link. With `code`: set the new password it allows. */
  app.post<{
    Querystring: { code?: string };
    Body: { identifier?: string; type?: string; residence_type?: string; challenge?: string };
  }>(
    '/identity/reset',
    {
      config: { access: 'app-key' },
      schema: {
        querystring: { type: 'object', properties: { code: { type: 'string', maxLength: 200 } } },
        body: {
          type: 'object',
          properties: {
            identifier: { type: 'string', maxLength: 320 },
            type: { type: 'string', maxLength: 20 },
            residence_type: { type: ['string', 'null'], maxLength: 50 },
            challenge: secret,
          },
        },
      },
    },
    async (request) => {
      const { code } = request.query;
      if (code) {
        await deps.identity.resetWithCode(request, code, request.body.challenge ?? '', new Date());
        return { success: true };
      }
      const identifier = request.body.identifier?.trim();
      if (!identifier) throw badRequest('Please enter your email address.');
      await deps.identity.requestReset(request, identifier, new Date());
      return { success: true };
    },
  );

  app.post<{ Params: { id: string }; Body: ChangePasswordBody }>(
    '/identity/:id/challenge',
    {
      schema: {
        params: { type: 'object', properties: { id: { type: 'string', maxLength: 100 } } },
        body: {
          type: 'object',
          required: ['old_challenge', 'challenge'],
          properties: { old_challenge: secret, challenge: secret },
        },
      },
    },
    async (request) => {
      await deps.identity.changePassword(
        request,
        principalOf(request),
        request.params.id,
        request.body,
        new Date(),
      );
      return { success: true };
    },
  );
}
