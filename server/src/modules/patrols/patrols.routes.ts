import type { FastifyInstance } from 'fastify';
import type { Patrol, PatrolCompletion } from '@contract/patrols';
import { principalOf } from '../../auth/authenticate';
import { listAnswer, type ListAnswer, type ListQueryParams } from '../../query';
import { PATROLS_QUERY } from './patrols.repository';
import type { PatrolsService } from './patrols.service';

/** The console's patrols (issue 38): the rounds walked, and their completion over a period. */
export function patrolsRoutes(app: FastifyInstance, deps: { patrols: PatrolsService }): void {
  app.get<{ Querystring: ListQueryParams }>(
    '/patrols/list',
    async (request): Promise<ListAnswer<Patrol>> => {
      const list = await app.listQuery(request.query, PATROLS_QUERY);
      const { resource, count } = await deps.patrols.list(principalOf(request), list);
      return listAnswer(resource, count);
    },
  );

  app.get<{ Querystring: { residence_uuid?: string; from?: string; to?: string } }>(
    '/patrols/completion',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            residence_uuid: { type: 'string', maxLength: 100 },
            from: { type: 'string', maxLength: 10 },
            to: { type: 'string', maxLength: 10 },
          },
        },
      },
    },
    async (request): Promise<PatrolCompletion> =>
      deps.patrols.completion(principalOf(request), request.query, new Date()),
  );
}
