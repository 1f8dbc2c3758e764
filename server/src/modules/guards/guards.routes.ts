import type { FastifyInstance } from 'fastify';
import type { Guard, GuardPin } from '../../../../src/lib/contract/guards';
import type { ResourceResponse } from '../../../../src/lib/contract/list';
import { principalOf } from '../../auth/authenticate';
import { uuidParams } from '../../http/schemas';
import { parseListQuery, type ListQueryParams, listAnswer, type ListAnswer } from '../../query';
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

export function guardsRoutes(app: FastifyInstance, deps: { guardsService: GuardsService }): void {
  const { guardsService } = deps;

  // The list parameters are checked by parseListQuery, with messages that name the problem.
  app.get<{ Querystring: ListQueryParams }>(
    '/guards/list',
    async (request): Promise<ListAnswer<Guard>> => {
      const list = parseListQuery(request.query, GUARDS_QUERY);
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
}
