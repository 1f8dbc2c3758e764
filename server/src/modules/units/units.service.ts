import type { Unit, UnitBody } from '@contract/units';
import { normalContactNumber, UNIT_MESSAGES, unitFieldErrors } from '@rules/units';
import type { Principal } from '../../auth/principal';
import { badRequest, notFound } from '../../http/errors';
import type { ParsedListQuery } from '../../query';
import { changesBetween } from '../audit/changes';
import type { UnitsRepository } from './units.repository';

/**
 * A site's units: their owners and the numbers the gate calls. The superadmin, the site's company
 * and its supervisors keep them; guards at the site read them in the unit directory.
 */
export function createUnitsService(deps: { units: UnitsRepository }) {
  const { units } = deps;

  async function found(principal: Principal, uuid: string): Promise<Unit> {
    const unit = await units.find(principal, uuid);
    if (!unit) throw notFound(UNIT_MESSAGES.notFound);
    return unit;
  }

  return {
    list(principal: Principal, list: ParsedListQuery) {
      return units.list(principal, list);
    },

    async update(principal: Principal, uuid: string, body: Partial<UnitBody>): Promise<Unit> {
      const before = await found(principal, uuid);
      const fields = {
        owner_name: (body.owner_name ?? before.owner_name).trim(),
        contact_number: normalContactNumber(body.contact_number ?? before.contact_number),
      };
      const errors = unitFieldErrors(fields);
      const [field, message] = Object.entries(errors)[0] ?? [];
      if (field && message) throw badRequest(message, 'INVALID_REQUEST', field);
      await units.update(uuid, fields, {
        action: 'update',
        entity: 'unit',
        entityUuid: uuid,
        entityLabel: `${before.name}, ${before.residence_name}`,
        companyUuid: principal.role === 'superadmin' ? null : principal.companyUuid,
        changes: changesBetween(
          { owner_name: before.owner_name, contact_number: before.contact_number },
          fields,
        ),
      });
      return found(principal, uuid);
    },
  };
}

export type UnitsService = ReturnType<typeof createUnitsService>;
