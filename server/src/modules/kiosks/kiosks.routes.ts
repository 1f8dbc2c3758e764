import type { FastifyInstance } from 'fastify';
import type { Kiosk, KioskEnrolAnswer, KioskEnrolBody } from '@contract/kiosks';
import type { ResourceResponse } from '@contract/list';
import { KIOSK_LABEL_MAX_LENGTH, KIOSK_MESSAGES } from '@rules/kiosks';
import { principalOf } from '../../auth/authenticate';
import { badRequest, notFound } from '../../http/errors';
import { uuidParams } from '../../http/schemas';
import { type ListQueryParams, listAnswer, type ListAnswer } from '../../query';
import { changesBetween } from '../audit/changes';
import type { SitesRepository } from '../sites/sites.repository';
import { siteEntry } from '../sites/sites.service';
import { KIOSKS_QUERY, type KiosksRepository } from './kiosks.repository';

const enrolSchema = {
  type: 'object',
  required: ['residence_uuid'],
  properties: {
    residence_uuid: { type: 'string', maxLength: 100 },
    label: { type: 'string' },
  },
} as const;

/** Kiosks in the console: enrol this device for a site, list a site's kiosks, revoke one. */
export function kiosksRoutes(
  app: FastifyInstance,
  deps: { kiosks: KiosksRepository; sites: SitesRepository },
): void {
  const { kiosks } = deps;

  /** A kiosk's entries belong to its site's History, and to the site's company. */
  async function kioskSiteEntry(siteUuid: string) {
    const site = await deps.sites.findValues(siteUuid);
    return siteEntry(siteUuid, site ?? { name: null, security_company_uuid: null });
  }

  app.get<{ Querystring: ListQueryParams }>(
    '/kiosks/list',
    async (request): Promise<ListAnswer<Kiosk>> => {
      const list = await app.listQuery(request.query, KIOSKS_QUERY);
      const { resource, count } = await kiosks.list(principalOf(request), list);
      return listAnswer(resource, count);
    },
  );

  app.post<{ Body: KioskEnrolBody }>(
    '/kiosks/add',
    { schema: { body: enrolSchema } },
    async (request): Promise<KioskEnrolAnswer> => {
      const principal = principalOf(request);
      const label = request.body.label?.trim() ?? '';
      if (!label) throw badRequest(KIOSK_MESSAGES.labelRequired);
      if (label.length > KIOSK_LABEL_MAX_LENGTH) throw badRequest(KIOSK_MESSAGES.labelTooLong);
      if (!(await kiosks.siteTakesKiosk(principal, request.body.residence_uuid))) {
        throw badRequest(KIOSK_MESSAGES.siteInvalid, 'INVALID_SITE');
      }
      const { uuid, token } = await kiosks.enrol({
        residenceUuid: request.body.residence_uuid,
        label,
        enrolledBy: principal.profileUuid,
        now: new Date(),
        audit: {
          ...(await kioskSiteEntry(request.body.residence_uuid)),
          action: 'kiosk-enrol',
          changes: changesBetween(null, { kiosk: label }),
        },
      });
      const kiosk = await kiosks.find(principal, uuid);
      if (!kiosk) throw notFound();
      return { resource: kiosk, token };
    },
  );

  app.delete<{ Params: { uuid: string } }>(
    '/kiosks/:uuid',
    { schema: { params: uuidParams } },
    async (request): Promise<ResourceResponse<{ uuid: string }>> => {
      const kiosk = await kiosks.find(principalOf(request), request.params.uuid);
      if (!kiosk) throw notFound();
      await kiosks.revoke(request.params.uuid, new Date(), {
        ...(await kioskSiteEntry(kiosk.residence_uuid)),
        action: 'kiosk-revoke',
        changes: changesBetween({ kiosk: kiosk.label }, null),
      });
      return { resource: { uuid: request.params.uuid } };
    },
  );
}
