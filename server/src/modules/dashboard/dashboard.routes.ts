import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../auth/authenticate';
import { parseFilter } from '../../query';
import type { DashboardRepository, SiteFilter } from './dashboard.repository';

export function dashboardRoutes(
  app: FastifyInstance,
  deps: { dashboard: DashboardRepository },
): void {
  app.get('/dashboard/data', async (request) => ({
    resource: await deps.dashboard.allFigures(principalOf(request), new Date()),
  }));

  app.get<{ Querystring: { filter?: string } }>(
    '/dashboard/sitedata',
    {
      schema: {
        querystring: { type: 'object', properties: { filter: { type: 'string' } } },
      },
    },
    async (request) => {
      const { filter } = request.query;
      // Parse once up front so a bad filter is a 400 before any query runs.
      if (filter) parseFilter(filter, { residence_uuid: 'residence_uuid' });
      const siteFilter: SiteFilter = (column) =>
        filter ? parseFilter(filter, { residence_uuid: column }) : null;
      return {
        resource: await deps.dashboard.siteFigures(principalOf(request), new Date(), siteFilter),
      };
    },
  );
}
