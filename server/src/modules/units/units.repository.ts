import { sql, type SqlBool } from 'kysely';
import type { Unit } from '@contract/units';
import type { Principal } from '../../auth/principal';
import { atLiveSite, siteScope } from '../../auth/scope';
import type { DB } from '../../db/database';
import {
  applyListQuery,
  countMatches,
  type ParsedListQuery,
  type ResourceQuerySpec,
} from '../../query';
import { recordAudit, type AuditEvent } from '../audit/audit.repository';

/** What GET /units/list lets clients filter and sort by. */
export const UNITS_QUERY: ResourceQuerySpec = {
  fields: {
    uuid: 'units.uuid',
    residence_uuid: 'units.residence_uuid',
    name: 'units.name',
    owner_name: 'units.owner_name',
    contact_number: 'units.contact_number',
  },
  related: [],
  defaultOrder: { field: 'name', direction: 'asc' },
};

const always = sql<SqlBool>`1 = 1`;

/** A site's units, for the console's Units tab; the server decides whose sites. */
export function createUnitsRepository(db: DB) {
  function selectUnits(principal: Principal) {
    return db
      .selectFrom('units')
      .innerJoin('residences', 'residences.uuid', 'units.residence_uuid')
      .select([
        'units.uuid',
        'units.residence_uuid',
        'residences.name as residence_name',
        'units.name',
        'units.owner_name',
        'units.contact_number',
      ])
      .where(siteScope(principal, 'units.residence_uuid'))
      .where(atLiveSite('units.residence_uuid'));
  }

  return {
    async list(
      principal: Principal,
      list: ParsedListQuery,
    ): Promise<{ resource: Unit[]; count: number | null }> {
      const rowsQuery = applyListQuery(selectUnits(principal), list).orderBy('units.uuid');
      const countQuery = db
        .selectFrom('units')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(siteScope(principal, 'units.residence_uuid'))
        .where(atLiveSite('units.residence_uuid'))
        .where(list.where ?? always);
      const [rows, count] = await Promise.all([
        rowsQuery.execute(),
        countMatches(list, countQuery),
      ]);
      return { resource: rows, count };
    },

    async find(principal: Principal, uuid: string): Promise<Unit | undefined> {
      return selectUnits(principal).where('units.uuid', '=', uuid).executeTakeFirst();
    },

    async update(
      uuid: string,
      values: { owner_name: string; contact_number: string },
      audit: AuditEvent,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('units').set(values).where('uuid', '=', uuid).execute();
        await recordAudit(trx, audit);
      });
    },
  };
}

export type UnitsRepository = ReturnType<typeof createUnitsRepository>;
