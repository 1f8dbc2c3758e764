import type { FastifyInstance } from 'fastify';
import type { ResourceResponse } from '@contract/list';
import type { Unit, UnitBody } from '@contract/units';
import { principalOf } from '../../auth/authenticate';
import { uuidParams } from '../../http/schemas';
import { listAnswer, type ListAnswer, type ListQueryParams } from '../../query';
import { UNITS_QUERY } from './units.repository';
import type { UnitsService } from './units.service';

// Types and sizes only: the messages come from src/lib/rules/units.ts, shared with the form.
const bodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    owner_name: { type: 'string', maxLength: 1000 },
    contact_number: { type: 'string', maxLength: 100 },
  },
} as const;

export function unitsRoutes(app: FastifyInstance, deps: { units: UnitsService }): void {
  app.get<{ Querystring: ListQueryParams }>(
    '/units/list',
    async (request): Promise<ListAnswer<Unit>> => {
      const list = await app.listQuery(request.query, UNITS_QUERY);
      const { resource, count } = await deps.units.list(principalOf(request), list);
      return listAnswer(resource, count);
    },
  );

  app.patch<{ Params: { uuid: string }; Body: Partial<UnitBody> }>(
    '/units/:uuid',
    { schema: { params: uuidParams, body: bodySchema } },
    async (request): Promise<ResourceResponse<Unit[]>> => ({
      resource: [
        await deps.units.update(principalOf(request), request.params.uuid, request.body ?? {}),
      ],
    }),
  );
}
