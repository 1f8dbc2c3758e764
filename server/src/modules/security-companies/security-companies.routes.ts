import type { FastifyInstance } from 'fastify';
import type { ListResponse } from '../../../../src/lib/contract/list';
import type { SecurityCompany } from '../../../../src/lib/contract/security-companies';
import { principalOf } from '../../auth/authenticate';
import { parseListQuery, type ListQueryParams } from '../../query';
import {
  SECURITY_COMPANIES_QUERY,
  type SecurityCompaniesRepository,
} from './security-companies.repository';

/** Read-only for now: the console's company dropdowns. Writes come with the companies screen. */
export function securityCompaniesRoutes(
  app: FastifyInstance,
  deps: { securityCompanies: SecurityCompaniesRepository },
): void {
  app.get<{ Querystring: ListQueryParams }>(
    '/securitycompanies/list',
    async (request): Promise<ListResponse<SecurityCompany>> => {
      const list = parseListQuery(request.query, SECURITY_COMPANIES_QUERY);
      const { resource, count } = await deps.securityCompanies.list(principalOf(request), list);
      return { resource, meta: { count } };
    },
  );
}
