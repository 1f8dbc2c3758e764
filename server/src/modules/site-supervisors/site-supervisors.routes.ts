import type { FastifyInstance } from 'fastify';
import type { ResourceResponse } from '@contract/list';
import type { SiteSupervisor } from '@contract/site-supervisors';
import { principalOf } from '../../auth/authenticate';
import type { PasswordGate } from '../../auth/password-gate';
import { uuidParams } from '../../http/schemas';
import { type ListQueryParams, listAnswer, type ListAnswer } from '../../query';
import { gatedHash } from '../session/session.service';
import { SITE_SUPERVISORS_QUERY } from './site-supervisors.repository';
import type { SiteSupervisorsService, SupervisorPayload } from './site-supervisors.service';

const text = (maxLength: number) => ({ type: ['string', 'null'], maxLength });

// Types and sizes only: the messages come from src/lib/rules/site-supervisors.ts, shared with the form.
const payloadSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    security_company_uuid: text(100),
    name: text(200),
    phone: { type: ['string', 'number', 'null'], maxLength: 30 },
    address: text(500),
    is_active: { type: ['integer', 'boolean', 'string'] },
    ic_passport_number: text(50),
    residence_uuid: { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 100 } },
    email: text(320),
    identifier: text(320),
    challenge: text(1024),
    type: text(20),
    photo: text(100),
    photo_url: text(300),
  },
} as const;

export function siteSupervisorsRoutes(
  app: FastifyInstance,
  deps: { siteSupervisors: SiteSupervisorsService; gate: PasswordGate },
): void {
  const { siteSupervisors } = deps;

  app.get<{ Querystring: ListQueryParams }>(
    '/sitesupervisors/list',
    async (request): Promise<ListAnswer<SiteSupervisor>> => {
      const list = await app.listQuery(request.query, SITE_SUPERVISORS_QUERY);
      const { resource, count } = await siteSupervisors.list(principalOf(request), list);
      return listAnswer(resource, count);
    },
  );

  app.post<{ Body: SupervisorPayload }>(
    '/sitesupervisors/add',
    { schema: { body: payloadSchema } },
    async (request): Promise<ResourceResponse<SiteSupervisor[]>> => ({
      resource: [
        await siteSupervisors.add(
          principalOf(request),
          request.body,
          (password) => gatedHash(deps.gate, request, password),
          new Date(),
        ),
      ],
    }),
  );

  app.patch<{ Params: { uuid: string }; Body: SupervisorPayload }>(
    '/sitesupervisors/:uuid',
    { schema: { params: uuidParams, body: payloadSchema } },
    async (request): Promise<ResourceResponse<SiteSupervisor[]>> => ({
      resource: [
        await siteSupervisors.update(
          principalOf(request),
          request.params.uuid,
          request.body,
          new Date(),
        ),
      ],
    }),
  );

  app.delete<{ Params: { uuid: string } }>(
    '/sitesupervisors/:uuid',
    { schema: { params: uuidParams } },
    async (request): Promise<ResourceResponse<Array<{ uuid: string }>>> => {
      await siteSupervisors.remove(principalOf(request), request.params.uuid, new Date());
      return { resource: [{ uuid: request.params.uuid }] };
    },
  );
}
