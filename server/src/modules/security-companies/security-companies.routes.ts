import type { FastifyInstance } from 'fastify';
import type { ResourceResponse } from '@contract/list';
import type { SecurityCompany } from '@contract/security-companies';
import { principalOf } from '../../auth/authenticate';
import type { PasswordGate } from '../../auth/password-gate';
import { uuidParams } from '../../http/schemas';
import { type ListQueryParams, listAnswer, type ListAnswer } from '../../query';
import { gatedHash } from '../session/session.service';
import { SECURITY_COMPANIES_QUERY } from './security-companies.repository';
import type { CompanyPayload, SecurityCompaniesService } from './security-companies.service';

const text = (maxLength: number) => ({ type: ['string', 'null'], maxLength });
const coordinate = { type: ['number', 'string', 'null'] };

// Types and sizes only: the messages of missing or wrong values come from
// src/lib/rules/security-companies.ts, which the console's form shares.
const payloadSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: text(200),
    brn: text(100),
    license_number: text(100),
    license_expiry_date: text(10),
    address: text(500),
    lat: coordinate,
    lng: coordinate,
    is_active: { type: ['integer', 'boolean', 'string'] },
    residence_uuid: { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 100 } },
    email: text(320),
    identifier: text(320),
    challenge: text(1024),
    type: text(20),
  },
} as const;

export function securityCompaniesRoutes(
  app: FastifyInstance,
  deps: { securityCompanies: SecurityCompaniesService; gate: PasswordGate },
): void {
  const { securityCompanies } = deps;

  app.get<{ Querystring: ListQueryParams }>(
    '/securitycompanies/list',
    async (request): Promise<ListAnswer<SecurityCompany>> => {
      const list = await app.listQuery(request.query, SECURITY_COMPANIES_QUERY);
      const { resource, count } = await securityCompanies.list(principalOf(request), list);
      return listAnswer(resource, count);
    },
  );

  app.post<{ Body: CompanyPayload }>(
    '/securitycompanies/add',
    { schema: { body: payloadSchema } },
    async (request): Promise<ResourceResponse<SecurityCompany[]>> => ({
      resource: [
        await securityCompanies.add(
          principalOf(request),
          request.body,
          (password) => gatedHash(deps.gate, request, password),
          new Date(),
        ),
      ],
    }),
  );

  app.patch<{ Params: { uuid: string }; Body: CompanyPayload }>(
    '/securitycompanies/:uuid',
    { schema: { params: uuidParams, body: payloadSchema } },
    async (request): Promise<ResourceResponse<SecurityCompany[]>> => ({
      resource: [
        await securityCompanies.update(
          principalOf(request),
          request.params.uuid,
          request.body,
          new Date(),
        ),
      ],
    }),
  );

  app.delete<{ Params: { uuid: string } }>(
    '/securitycompanies/:uuid',
    { schema: { params: uuidParams } },
    async (request): Promise<ResourceResponse<Array<{ uuid: string }>>> => {
      await securityCompanies.remove(principalOf(request), request.params.uuid, new Date());
      return { resource: [{ uuid: request.params.uuid }] };
    },
  );
}
