import type { AlertPreference, AlertPreferenceBody } from '@contract/alerts';
import type { Principal } from '../../auth/principal';
import { badRequest, notFound } from '../../http/errors';
import type { AlertsRepository } from './alerts.repository';

export const ALERT_REFUSALS = {
  siteUnknown: 'Site does not exist.',
  preferenceInvalid: (field: string) => `Choose yes or no for ${field}.`,
  readNothing: 'Name the alerts to mark read, or mark them all.',
  sosNotFound: 'This SOS does not exist.',
} as const;

/** The bell's alerts and each user's choices of them per site (issue 36). */
export function createAlertsService(deps: { alerts: AlertsRepository }) {
  const { alerts } = deps;
  return {
    list: alerts.list,
    unreadCount: alerts.unreadCount,
    openSos: alerts.openSos,
    raiseSos: alerts.raiseSos,

    /** Someone of the SOS's scope has it in hand: it leaves every console's banner. */
    async acknowledge(principal: Principal, uuid: string, now: Date) {
      if (!(await alerts.acknowledge(principal, uuid, now))) {
        throw notFound(ALERT_REFUSALS.sosNotFound, 'ALERT_NOT_FOUND');
      }
    },

    async markRead(principal: Principal, body: { uuids?: string[]; all?: boolean }) {
      if (!body.all && (!body.uuids || body.uuids.length === 0)) {
        throw badRequest(ALERT_REFUSALS.readNothing, 'INVALID_VALUE', 'uuids');
      }
      return alerts.markRead(principal, body);
    },

    preferences: (principal: Principal) => alerts.preferences(principal),

    /** Sets the user's choice for one site of its scope; the superadmin has none (no site alerts). */
    async setPreference(
      principal: Principal,
      residenceUuid: string,
      body: Partial<AlertPreferenceBody>,
    ): Promise<AlertPreference> {
      for (const field of ['late', 'no_show', 'email'] as const) {
        if (typeof body[field] !== 'boolean') {
          throw badRequest(ALERT_REFUSALS.preferenceInvalid(field), 'INVALID_VALUE', field);
        }
      }
      const [site] = await alerts.preferences(principal, residenceUuid);
      if (!site) throw notFound(ALERT_REFUSALS.siteUnknown, 'SITE_NOT_FOUND');
      await alerts.setPreference(principal.profileUuid, residenceUuid, {
        late: body.late === true,
        no_show: body.no_show === true,
        email: body.email === true,
      });
      const [saved] = await alerts.preferences(principal, residenceUuid);
      return saved ?? site;
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
