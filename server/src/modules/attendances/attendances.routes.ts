import type { FastifyInstance } from 'fastify';
import type { Attendance } from '@contract/attendances';
import { principalOf } from '../../auth/authenticate';
import { type ListQueryParams, listAnswer, type ListAnswer } from '../../query';
import { ATTENDANCES_QUERY, type AttendancesRepository } from './attendances.repository';

export function attendancesRoutes(
  app: FastifyInstance,
  deps: { attendances: AttendancesRepository },
): void {
  // The list parameters are checked by parseListQuery, with messages that name the problem.
  app.get<{ Querystring: ListQueryParams }>(
    '/attendances/list',
    async (request): Promise<ListAnswer<Attendance>> => {
      const list = await app.listQuery(request.query, ATTENDANCES_QUERY);
      const { resource, count } = await deps.attendances.list(principalOf(request), list);
      return listAnswer(resource, count);
    },
  );
}
