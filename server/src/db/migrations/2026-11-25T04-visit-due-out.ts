import { type Kysely, sql } from 'kysely';
import { visitEnd } from '@rules/visitor-pass';
import { toDbTime } from '../time';

// Frozen once landed. Overstay (issue 23): when a visitor inside is due out, the end of the visit
// they came for (@rules/visitor-pass's visitEnd, UTC), written at each check-in, so "inside past
// the window" is an indexed range over the few passes inside rather than a clock sum per row.
// Passes already inside get theirs from their last check-in.

/** The tables as this migration reads them: frozen here, whatever the schema becomes. */
interface PassTables {
  visitors: {
    uuid: string;
    date: string;
    start_time: string;
    end_time: string;
    latest_scan_type: string | null;
    due_out_at: string | null;
  };
  visitor_pass_scans: { visitor_uuid: string; scan_type: string; created_at: string };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('visitors').addColumn('due_out_at', 'text').execute();
  await db.schema
    .createIndex('visitors_inside_due_out')
    .on('visitors')
    .columns(['due_out_at', 'residence_uuid'])
    .where(sql.ref('latest_scan_type'), '=', 'IN')
    .execute();

  const typed = db as unknown as Kysely<PassTables>;
  const inside = await typed
    .selectFrom('visitors')
    .select(['uuid', 'date', 'start_time', 'end_time', 'latest_scan_type'])
    .select((eb) =>
      eb
        .selectFrom('visitor_pass_scans')
        .select((scan) => scan.fn.max('visitor_pass_scans.created_at').as('at'))
        .whereRef('visitor_pass_scans.visitor_uuid', '=', 'visitors.uuid')
        .where('visitor_pass_scans.scan_type', '=', 'IN')
        .as('check_in_time'),
    )
    .where('latest_scan_type', '=', 'IN')
    .execute();
  for (const pass of inside) {
    const end = visitEnd({ ...pass, check_in_time: pass.check_in_time ?? null });
    if (!end) continue;
    await typed
      .updateTable('visitors')
      .set({ due_out_at: toDbTime(end) })
      .where('uuid', '=', pass.uuid)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('visitors_inside_due_out').execute();
  await db.schema.alterTable('visitors').dropColumn('due_out_at').execute();
}
