import type { FastifyInstance } from 'fastify';
import type { Guard, GuardAppAccess, GuardPin } from '@contract/guards';
import type { ResourceResponse } from '@contract/list';
import { principalOf } from '../../auth/authenticate';
import { badRequest } from '../../http/errors';
import { uuidParams } from '../../http/schemas';
import type { GuardAppService } from '../guard-app/guard-app.service';
import { type ListQueryParams, listAnswer, type ListAnswer } from '../../query';
import { GUARDS_QUERY } from './guards.repository';
import type { GuardBody, GuardsService } from './guards.service';

const text = (maxLength: number) => ({ type: ['string', 'null'], maxLength });

// Types and sizes only: missing or wrong values are answered with the messages of
// src/lib/rules/guards.ts, which the console's form shares. Unknown properties (say, a whole
// record sent back, with photo_url) are dropped.
const payloadSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    security_company_uuid: text(100),
    guard_id: text(100),
    name: text(255),
    email: text(320),
    address: text(1000),
    contact_number: text(50),
    ic_passport_number: text(100),
    nationality: text(100),
    birthdate: text(50),
    is_active: { type: 'integer', enum: [0, 1] },
    pin: text(50),
    photo: text(100),
    residence_uuids: {
      type: 'array',
      maxItems: 200,
      items: { type: 'string', minLength: 1, maxLength: 100 },
    },
  },
} as const;

export function guardsRoutes(
  app: FastifyInstance,
  deps: { guardsService: GuardsService; guardApp: GuardAppService },
): void {
  const { guardsService, guardApp } = deps;

  // The list parameters are checked by parseListQuery, with messages that name the problem.
  app.get<{ Querystring: ListQueryParams }>(
    '/guards/list',
    async (request): Promise<ListAnswer<Guard>> => {
      const list = await app.listQuery(request.query, GUARDS_QUERY);
      const { resource, count } = await guardsService.list(principalOf(request), list);
      return listAnswer(resource, count);
    },
  );

  app.post<{ Body: GuardBody }>(
    '/guards/add',
    { schema: { body: payloadSchema } },
    async (request): Promise<ResourceResponse<Guard[]>> => ({
      resource: [await guardsService.create(principalOf(request), request.body ?? {}, new Date())],
    }),
  );

  app.patch<{ Params: { uuid: string }; Body: GuardBody }>(
    '/guards/:uuid',
    { schema: { params: uuidParams, body: payloadSchema } },
    async (request): Promise<ResourceResponse<Guard[]>> => ({
      resource: [
        await guardsService.update(
          principalOf(request),
          request.params.uuid,
          request.body ?? {},
          new Date(),
        ),
      ],
    }),
  );

  app.delete<{ Params: { uuid: string } }>(
    '/guards/:uuid',
    { schema: { params: uuidParams } },
    async (request) => {
      await guardsService.remove(principalOf(request), request.params.uuid, new Date());
      return { resource: [{ uuid: request.params.uuid }] };
    },
  );

  app.post<{ Params: { uuid: string } }>(
    '/guards/:uuid/pin/reveal',
    { schema: { params: uuidParams } },
    async (request): Promise<ResourceResponse<GuardPin[]>> => ({
      resource: [await guardsService.revealPin(principalOf(request), request.params.uuid)],
    }),
  );

  app.patch<{ Params: { uuid: string }; Body: { pin?: string | null } }>(
    '/guards/updatepin/:uuid',
    {
      schema: {
        params: uuidParams,
        body: { type: 'object', properties: { pin: text(50) } },
      },
    },
    async (request): Promise<ResourceResponse<GuardPin[]>> => ({
      resource: [
        await guardsService.updatePin(
          principalOf(request),
          request.params.uuid,
          request.body?.pin ?? '',
          new Date(),
        ),
      ],
    }),
  );

  // The guard app's access, given from the console (guard-app.service).

  app.get<{ Params: { uuid: string } }>(
    '/guards/:uuid/app-access',
    { schema: { params: uuidParams } },
    async (request): Promise<ResourceResponse<GuardAppAccess>> => ({
      resource: await guardApp.accessOf(principalOf(request), request.params.uuid, new Date()),
    }),
  );

  app.put<{ Params: { uuid: string }; Body: { password?: string; send_link?: boolean } }>(
    '/guards/:uuid/app-access',
    {
      schema: {
        params: uuidParams,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            password: { type: 'string', maxLength: 1024 },
            send_link: { type: 'boolean' },
          },
        },
      },
    },
    async (request): Promise<ResourceResponse<GuardAppAccess>> => {
      const principal = principalOf(request);
      const { uuid } = request.params;
      const now = new Date();
      if (request.body?.send_link === true) {
        await guardApp.sendSetPasswordLink(principal, uuid, now);
      } else if (typeof request.body?.password === 'string') {
        await guardApp.setPassword(request, principal, uuid, request.body.password, now);
      } else {
        throw badRequest('Send {password} to set one, or {send_link: true} to mail a link.');
      }
      return { resource: await guardApp.accessOf(principal, uuid, now) };
    },
  );

  app.delete<{ Params: { uuid: string } }>(
    '/guards/:uuid/app-access',
    { schema: { params: uuidParams } },
    async (request): Promise<ResourceResponse<GuardAppAccess>> => {
      const principal = principalOf(request);
      const now = new Date();
      await guardApp.revokeAccess(principal, request.params.uuid, now);
      return { resource: await guardApp.accessOf(principal, request.params.uuid, now) };
    },
  );
}
