import type { FastifyInstance } from 'fastify';
import type { Checkpoint, CheckpointBody } from '@contract/checkpoints';
import type { ResourceResponse } from '@contract/list';
import { principalOf } from '../../auth/authenticate';
import { uuidParams } from '../../http/schemas';
import { listAnswer, type ListAnswer, type ListQueryParams } from '../../query';
import { CHECKPOINTS_QUERY } from './checkpoints.repository';
import type { CheckpointsService } from './checkpoints.service';

// Types and sizes only: the messages come from src/lib/rules/checkpoints.ts, shared with the form.
const coordinate = { type: ['number', 'null'] } as const;
const fields = {
  name: { type: 'string', maxLength: 1000 },
  instructions: { type: 'string', maxLength: 10_000 },
  latitude: coordinate,
  longitude: coordinate,
} as const;
const createSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['residence_uuid'],
  properties: { residence_uuid: { type: 'string', maxLength: 100 }, ...fields },
} as const;
// A checkpoint stays at its site: the service refuses another site with its reason.
const updateSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { residence_uuid: { type: 'string', maxLength: 100 }, ...fields },
} as const;

type One = ResourceResponse<Checkpoint[]>;

export function checkpointsRoutes(
  app: FastifyInstance,
  deps: { checkpoints: CheckpointsService },
): void {
  app.get<{ Querystring: ListQueryParams }>(
    '/checkpoints/list',
    async (request): Promise<ListAnswer<Checkpoint>> => {
      const list = await app.listQuery(request.query, CHECKPOINTS_QUERY);
      const { resource, count } = await deps.checkpoints.list(principalOf(request), list);
      return listAnswer(resource, count);
    },
  );

  app.post<{ Body: Partial<CheckpointBody> }>(
    '/checkpoints',
    { schema: { body: createSchema } },
    async (request): Promise<One> => ({
      resource: [await deps.checkpoints.create(principalOf(request), request.body)],
    }),
  );

  app.patch<{ Params: { uuid: string }; Body: Partial<CheckpointBody> }>(
    '/checkpoints/:uuid',
    { schema: { params: uuidParams, body: updateSchema } },
    async (request): Promise<One> => ({
      resource: [
        await deps.checkpoints.update(
          principalOf(request),
          request.params.uuid,
          request.body ?? {},
          new Date(),
        ),
      ],
    }),
  );

  app.post<{ Params: { uuid: string } }>(
    '/checkpoints/:uuid/retire',
    { schema: { params: uuidParams } },
    async (request): Promise<One> => ({
      resource: [
        await deps.checkpoints.retire(principalOf(request), request.params.uuid, new Date()),
      ],
    }),
  );

  app.post<{ Params: { uuid: string } }>(
    '/checkpoints/:uuid/sticker',
    { schema: { params: uuidParams } },
    async (request): Promise<One> => ({
      resource: [
        await deps.checkpoints.replaceSticker(
          principalOf(request),
          request.params.uuid,
          new Date(),
        ),
      ],
    }),
  );
}
