import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResourceResponse } from '@contract/list';
import type { Login } from '@contract/logins';
import { principalOf } from '../../auth/authenticate';
import type { PasswordGate } from '../../auth/password-gate';
import type { VerificationStore } from '../../auth/verification';
import { uuidParams } from '../../http/schemas';
import { type ListQueryParams, listAnswer, type ListAnswer } from '../../query';
import { gatedHash } from '../session/session.service';
import { LOGINS_QUERY } from './logins.repository';
import type { LoginPayload, LoginsService, WriteContext } from './logins.service';

const text = (maxLength: number) => ({ type: ['string', 'null'], maxLength });

const payloadSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    security_company_uuid: text(100),
    name: text(320),
    is_active: { type: ['integer', 'boolean', 'string'] },
    identifier: text(320),
    challenge: text(1024),
    email: text(320),
    type: text(20),
    uuid: text(100),
  },
} as const;

/** Logins: every write needs a fresh proof of re-verification in X-Verification-Token. */
export function loginsRoutes(
  app: FastifyInstance,
  deps: { logins: LoginsService; gate: PasswordGate; verifications: VerificationStore },
): void {
  const { logins } = deps;
  const context = (request: FastifyRequest): WriteContext => ({
    consumeVerification: () => deps.verifications.consume(request),
    hash: (password) => gatedHash(deps.gate, request, password),
  });

  app.get<{ Querystring: ListQueryParams }>(
    '/logins/list',
    async (request): Promise<ListAnswer<Login>> => {
      const list = await app.listQuery(request.query, LOGINS_QUERY);
      const { resource, count } = await logins.list(principalOf(request), list);
      return listAnswer(resource, count);
    },
  );

  app.post<{ Body: LoginPayload }>(
    '/logins/add',
    { schema: { body: payloadSchema } },
    async (request): Promise<ResourceResponse<Login[]>> => ({
      resource: [await logins.add(principalOf(request), request.body, context(request))],
    }),
  );

  app.patch<{ Params: { uuid: string }; Body: LoginPayload }>(
    '/logins/:uuid',
    { schema: { params: uuidParams, body: payloadSchema } },
    async (request): Promise<ResourceResponse<Login[]>> => ({
      resource: [
        await logins.update(
          principalOf(request),
          request.params.uuid,
          request.body,
          context(request),
          new Date(),
        ),
      ],
    }),
  );

  app.delete<{ Params: { uuid: string } }>(
    '/logins/:uuid',
    { schema: { params: uuidParams } },
    async (request): Promise<ResourceResponse<Array<{ uuid: string }>>> => {
      await logins.remove(principalOf(request), request.params.uuid, context(request), new Date());
      return { resource: [{ uuid: request.params.uuid }] };
    },
  );
}
