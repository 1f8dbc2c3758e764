import type { FastifyInstance } from 'fastify';
import type { ResourceResponse } from '@contract/list';
import type { Round, RoundBody } from '@contract/rounds';
import { principalOf } from '../../auth/authenticate';
import { uuidParams } from '../../http/schemas';
import { listAnswer, type ListAnswer, type ListQueryParams } from '../../query';
import { ROUNDS_QUERY } from './rounds.repository';
import type { RoundsService } from './rounds.service';

// Types and sizes only: the messages come from src/lib/rules/rounds.ts, shared with the form.
const bodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    residence_uuid: { type: 'string', maxLength: 100 },
    name: { type: 'string', maxLength: 1000 },
    in_order: { type: 'boolean' },
    allowed_minutes: { type: 'number' },
    schedule_kind: { type: 'string', enum: ['times', 'every'] },
    times: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 20 } },
    every_hours: { type: ['number', 'null'] },
    pattern_uuid: { type: ['string', 'null'], maxLength: 100 },
    checkpoint_uuids: { type: 'array', maxItems: 200, items: { type: 'string', maxLength: 100 } },
  },
} as const;
const createSchema = { ...bodySchema, required: ['residence_uuid'] } as const;

type One = ResourceResponse<Round[]>;

export function roundsRoutes(app: FastifyInstance, deps: { rounds: RoundsService }): void {
  app.get<{ Querystring: ListQueryParams }>(
    '/rounds/list',
    async (request): Promise<ListAnswer<Round>> => {
      const list = await app.listQuery(request.query, ROUNDS_QUERY);
      const { resource, count } = await deps.rounds.list(principalOf(request), list);
      return listAnswer(resource, count);
    },
  );

  app.post<{ Body: Partial<RoundBody> }>(
    '/rounds',
    { schema: { body: createSchema } },
    async (request): Promise<One> => ({
      resource: [await deps.rounds.create(principalOf(request), request.body, new Date())],
    }),
  );

  app.patch<{ Params: { uuid: string }; Body: Partial<RoundBody> }>(
    '/rounds/:uuid',
    { schema: { params: uuidParams, body: bodySchema } },
    async (request): Promise<One> => ({
      resource: [
        await deps.rounds.update(
          principalOf(request),
          request.params.uuid,
          request.body ?? {},
          new Date(),
        ),
      ],
    }),
  );

  app.post<{ Params: { uuid: string } }>(
    '/rounds/:uuid/retire',
    { schema: { params: uuidParams } },
    async (request): Promise<One> => ({
      resource: [await deps.rounds.retire(principalOf(request), request.params.uuid, new Date())],
    }),
  );
}
