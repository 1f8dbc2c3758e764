import type { FastifyInstance } from 'fastify';
import type { Attendance } from '../../../../src/lib/contract/attendances';
import type { ListResponse } from '../../../../src/lib/contract/list';
import { principalOf } from '../../auth/authenticate';
import { parseListQuery, type ListQueryParams } from '../../query';
import { ATTENDANCES_QUERY, type AttendancesRepository } from './attendances.repository';

export function attendancesRoutes(
  app: FastifyInstance,
  deps: { attendances: AttendancesRepository },
): void {
  // The list parameters are checked by parseListQuery, with messages that name the problem.
  app.get<{ Querystring: ListQueryParams }>(
    '/attendances/list',
    async (request): Promise<ListResponse<Attendance>> => {
      const list = parseListQuery(request.query, ATTENDANCES_QUERY);
      const { resource, count } = await deps.attendances.list(principalOf(request), list);
      return { resource, meta: { count } };
    },
  );
}
