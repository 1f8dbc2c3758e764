import { recordAudit, type AuditEvent } from '../audit/audit.repository';
import { randomBytes, randomUUID } from 'node:crypto';
import type {
  HealthApplication,
  ScanType,
  Visitor,
  VisitorPassScan,
  VisitorRow,
} from '@contract/visitors';
import {
  CANCELLED,
  dueOutAfter,
  ONE_TIME,
  ONE_TIME_WINDOW_DAYS,
  REPEAT_WINDOW_DAYS,
  VALID,
} from '@rules/visitor-pass';
import { maskedDocumentNumber } from '@rules/walk-ins';
import type { Author, Caller } from '../../auth/principal';
import { atLiveSite, siteScope } from '../../auth/scope';
import type { Insertable } from 'kysely';
import type { DB } from '../../db/database';
import type { VisitorsTable } from '../../db/schema';
import { pageAtLiveSites } from '../../db/site-lists';
import { searchIndexOf } from '../../db/search-indexes';
import { siteColumn } from '../../db/related-columns';
import { addDays, localDate, toDbTime } from '../../db/time';
import { applyListQuery, type ParsedListQuery, type ResourceQuerySpec } from '../../query';
import { fileUrl } from '../files/files.repository';

const bySite = (column: string, orderBy?: string) =>
  siteColumn('visitors.residence_uuid', column, orderBy);

/**
 * What GET /visitors/list lets clients filter and sort by. Site fields are sub-selects keyed on
 * visitors.residence_uuid, so the count runs on the visitors table alone whatever the filter.
 */
export const VISITORS_QUERY: ResourceQuerySpec = {
  table: 'visitors',
  fields: {
    uuid: 'visitors.uuid',
    qr_code: 'visitors.qr_code',
    residence_uuid: 'visitors.residence_uuid',
    residence_name: bySite('name', 'residences.name'),
    residence_kipleguard_visitors_enabled: bySite('kipleguard_visitors'),
    name: { column: 'visitors.name', search: searchIndexOf('visitors', 'name') },
    category: { column: 'visitors.category', search: searchIndexOf('visitors', 'category') },
    car_plate_number: {
      column: 'visitors.car_plate_number',
      search: searchIndexOf('visitors', 'car_plate_number'),
    },
    status: { column: 'visitors.status', search: searchIndexOf('visitors', 'status') },
    latest_scan_type: 'visitors.latest_scan_type',
    /** When a visitor inside is due out (UTC): the Overstay quick filter reads it. */
    due_out_at: 'visitors.due_out_at',
    repeat_type: 'visitors.repeat_type',
    /** A repeating pass's weekdays ('MONDAY,WEDNESDAY'); "Expected today" matches today's. */
    repeatType: 'visitors.repeat_days',
    date: 'visitors.date',
    start_time: 'visitors.start_time',
    checkpoint_times: 'visitors.checkpoint_times',
    created_at: 'visitors.created_at',
  },
  related: ['residence', 'residence_unit', 'user_profiles_by_created_by', 'applications'],
  defaultOrder: { field: 'created_at', direction: 'desc' },
};

/** The most passes one gate day lists: more than any guardhouse can read through. */
const GATE_DAY_LIMIT = 500;

/** How a pass is found: by uuid (the console), its QR code (a scan) or its integer id (the app). */
export type PassKey = { uuid: string } | { qrCode: string } | { id: number };

/** What a walk-in's pass holds beside what the server decides (type, window, first scan). */
export interface WalkInValues {
  residence_uuid: string;
  unit_uuid: string;
  name: string;
  phone_number: string;
  car_plate_number: string;
  category: string;
  date: string;
  start_time: string;
  end_time: string;
  visitor_temp: number | null;
  ic_passport_number: string;
  email: string;
  purpose: string;
  /** The access card handed over at registration ('' with access_card_issued_at null for none). */
  access_card_number: string;
  access_card_issued_at: string | null;
}

/** What a pass issued in the console holds; the server adds its code, issuer and times. */
export interface IssuedPassValues {
  residence_uuid: string;
  unit_uuid: string;
  host_name: string;
  name: string;
  phone_number: string;
  email: string;
  car_plate_number: string;
  category: string;
  repeat_type: string;
  repeat_days: string;
  date: string;
  start_time: string;
  end_time: string;
  remarks: string;
}

/**
 * The characters of a pass's code: digits and upper-case letters without the look-alikes a
 * guard would mistype at a gate (0 and O, 1 and I; no lower case, so no l). 32 of them, so that
 * a random byte's low 5 bits pick one without bias.
 */
export const PASS_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** 29 characters of 5 bits: 145 random bits, at least the 144 of the earlier base64url codes. */
export const PASS_CODE_LENGTH = 29;
const PASS_CODE_SHAPE = new RegExp(`^[${PASS_CODE_ALPHABET}]{${PASS_CODE_LENGTH}}$`);

/**
 * A pass's code for its QR: 145 random bits (at least the 128 issue 23 asks), so it cannot be
 * guessed from another pass's, in characters a guard can read and type.
 */
export function newPassCode(): string {
  return Array.from(
    randomBytes(PASS_CODE_LENGTH),
    (byte) => PASS_CODE_ALPHABET[byte % PASS_CODE_ALPHABET.length],
  ).join('');
}

/**
 * The codes a typed or scanned code may stand for: itself, and its upper case when that has the
 * shape of a code made by newPassCode, so a code typed in lower case at a gate is found. Codes
 * made before (base64url, mixed case, 24 characters) are matched exactly, as their case counts.
 */
export function passCodeCandidates(code: string): string[] {
  const upper = code.toUpperCase();
  return upper !== code && PASS_CODE_SHAPE.test(upper) ? [code, upper] : [code];
}

/** When a visitor checked in at `checkedInAt` is due out, as stored (UTC text), or null. */
export function dueOutAtText(
  pass: { date: string; start_time: string; end_time: string },
  checkedInAt: Date,
): string | null {
  const end = dueOutAfter(pass, checkedInAt);
  return end ? toDbTime(end) : null;
}

/** Whole IC and passport numbers are for the company and the superadmin; others see them masked. */
function seesDocumentNumbers(caller: Caller): boolean {
  return caller.role === 'superadmin' || caller.role === 'securitycompany';
}

export function createVisitorsRepository(db: DB) {
  function selectVisitors() {
    return db
      .selectFrom('visitors')
      .innerJoin('residences', 'residences.uuid', 'visitors.residence_uuid')
      .leftJoin('units', 'units.uuid', 'visitors.unit_uuid')
      .leftJoin('user_profiles as creator', 'creator.uuid', 'visitors.created_by')
      .leftJoin('guards as creator_guard', 'creator_guard.uuid', 'visitors.created_by_guard_uuid')
      .select([
        'visitors.id',
        'visitors.uuid',
        'visitors.name',
        'visitors.car_plate_number',
        'visitors.phone_number',
        'visitors.residence_uuid',
        'residences.name as residence_name',
        'residences.hdf_enabled',
        'residences.visitor_pass_checkpoint_times',
        'visitors.unit_uuid',
        'units.name as unit_name',
        'units.owner_name as unit_owner_name',
        'visitors.category',
        'visitors.type',
        'visitors.repeat_type',
        'visitors.repeat_days',
        'visitors.date',
        'visitors.start_time',
        'visitors.end_time',
        'visitors.checkpoint_times',
        'visitors.status',
        'visitors.latest_scan_type',
        'visitors.qr_code',
        'visitors.walkin_photo',
        'visitors.hdf',
        'visitors.visitor_temp',
        'visitors.health_code',
        'visitors.qrcode_expired_at',
        'creator.name as creator_name',
        'creator_guard.name as creator_guard_name',
        'visitors.ic_passport_number',
        'visitors.personal_data_removed_at',
        'visitors.host_name',
        'visitors.remarks',
        'visitors.email',
        'visitors.cancelled_at',
        'visitors.epass_token',
        'visitors.access_card_number',
        'visitors.access_card_issued_at',
        'visitors.created_at',
      ])
      .where('visitors.deleted_at', 'is', null)
      .where(atLiveSite('visitors.residence_uuid'));
  }

  type VisitorDbRow = Awaited<
    ReturnType<ReturnType<typeof selectVisitors>['executeTakeFirstOrThrow']>
  >;

  /** The latest IN and OUT scan times of each pass, and its newest application. */
  async function scanTimesAndApplications(uuids: string[]) {
    if (uuids.length === 0) return { times: new Map(), applications: new Map() };
    const [times, applications] = await Promise.all([
      db
        .selectFrom('visitor_pass_scans')
        .select(['visitor_uuid', 'scan_type', (eb) => eb.fn.max('created_at').as('at')])
        .where('visitor_uuid', 'in', uuids)
        .groupBy(['visitor_uuid', 'scan_type'])
        .execute(),
      db
        .selectFrom('health_applications')
        .select([
          'visitor_uuid',
          'status',
          'created_at',
          'qrcode_expired_at',
          'creator_temp',
          'creator_temp_updated_at',
        ])
        .where('visitor_uuid', 'in', uuids)
        .orderBy('created_at', 'desc')
        .execute(),
    ]);
    const timesByVisitor = new Map<string, Partial<Record<ScanType, string>>>();
    for (const row of times) {
      const entry = timesByVisitor.get(row.visitor_uuid) ?? {};
      entry[row.scan_type] = String(row.at);
      timesByVisitor.set(row.visitor_uuid, entry);
    }
    const applicationsByVisitor = new Map<string, HealthApplication[]>();
    for (const { visitor_uuid, ...application } of applications) {
      applicationsByVisitor.set(visitor_uuid, [
        ...(applicationsByVisitor.get(visitor_uuid) ?? []),
        application,
      ]);
    }
    return { times: timesByVisitor, applications: applicationsByVisitor };
  }

  function toRow(
    row: VisitorDbRow,
    times: Partial<Record<ScanType, string>> | undefined,
    applications: HealthApplication[],
    caller: Caller,
  ): VisitorRow {
    const creator = row.creator_name ?? row.creator_guard_name;
    return {
      id: row.id,
      uuid: row.uuid,
      name: row.name,
      car_plate_number: row.car_plate_number,
      phone_number: row.phone_number,
      residence_uuid: row.residence_uuid,
      residence_name: row.residence_name,
      residence: {
        name: row.residence_name,
        hdf_enabled: row.hdf_enabled,
        visitor_pass_checkpoint_times: row.visitor_pass_checkpoint_times,
      },
      unit_uuid: row.unit_uuid,
      residence_unit:
        row.unit_name === null
          ? null
          : { name: row.unit_name, owner_name: row.unit_owner_name ?? '' },
      category: row.category,
      type: row.type,
      repeat_type: row.repeat_type,
      repeatType: row.repeat_days,
      date: row.date,
      start_time: row.start_time,
      end_time: row.end_time,
      checkpoint_times: row.checkpoint_times,
      status: row.status,
      latest_scan_type: row.latest_scan_type,
      check_in_time: times?.IN ?? null,
      check_out_time: times?.OUT ?? null,
      hdf: row.hdf,
      visitor_temp: row.visitor_temp,
      health_code: row.health_code,
      qrcode_expired_at: row.qrcode_expired_at,
      user_profiles_by_created_by: creator === null ? null : { name: creator },
      ic_passport_number: seesDocumentNumbers(caller)
        ? row.ic_passport_number
        : maskedDocumentNumber(row.ic_passport_number),
      personal_data_removed_at: row.personal_data_removed_at,
      host_name: row.host_name,
      applications,
      created_at: row.created_at,
    };
  }

  function photoIds(walkinPhoto: string): string[] {
    try {
      const ids: unknown = JSON.parse(walkinPhoto);
      return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
    } catch {
      return [];
    }
  }

  /** The access key of each pass's first walk-in photo, by pass uuid. */
  async function firstPhotoKeys(rows: VisitorDbRow[]): Promise<Map<string, string>> {
    const firsts = new Map<string, string>();
    for (const row of rows) {
      const [first] = photoIds(row.walkin_photo);
      if (first) firsts.set(first, row.uuid);
    }
    if (firsts.size === 0) return new Map();
    const files = await db
      .selectFrom('files')
      .select(['uuid', 'access_key'])
      .where('uuid', 'in', [...firsts.keys()])
      .execute();
    return new Map(files.map((file) => [firsts.get(file.uuid) ?? '', file.access_key]));
  }

  /** One pass with everything the details page and the desk show, or undefined. */
  async function details(row: VisitorDbRow, caller: Caller): Promise<Visitor> {
    const ids = photoIds(row.walkin_photo);
    const [{ times, applications }, scans, photos] = await Promise.all([
      scanTimesAndApplications([row.uuid]),
      db
        .selectFrom('visitor_pass_scans')
        .leftJoin('user_profiles as scanner', 'scanner.uuid', 'visitor_pass_scans.scanned_by')
        .leftJoin(
          'guards as scanner_guard',
          'scanner_guard.uuid',
          'visitor_pass_scans.scanned_by_guard_uuid',
        )
        .select([
          'visitor_pass_scans.uuid',
          'visitor_pass_scans.scan_type',
          'visitor_pass_scans.created_at',
          (eb) => eb.fn.coalesce('scanner.name', 'scanner_guard.name').as('scanned_by_name'),
        ])
        .where('visitor_pass_scans.visitor_uuid', '=', row.uuid)
        .orderBy('visitor_pass_scans.created_at')
        .orderBy('visitor_pass_scans.uuid')
        .execute(),
      ids.length === 0
        ? Promise.resolve([])
        : db.selectFrom('files').select(['uuid', 'access_key']).where('uuid', 'in', ids).execute(),
    ]);
    const keys = new Map(photos.map((file) => [file.uuid, file.access_key]));
    const known = ids.filter((id) => keys.has(id));
    return {
      ...toRow(row, times.get(row.uuid), applications.get(row.uuid) ?? [], caller),
      qr_code: row.qr_code,
      remarks: row.remarks,
      email: row.email,
      cancelled_at: row.cancelled_at,
      access_card_number: row.access_card_number,
      access_card_issued_at: row.access_card_issued_at,
      epass_path: row.epass_token === null ? null : `/pass/${row.epass_token}`,
      visitor_pass_scans: scans satisfies VisitorPassScan[],
      walkin_photo: known,
      walkin_photo_urls: known.map((id) => fileUrl(keys.get(id) ?? '')),
    };
  }

  /**
   * Writes a new valid pass with its own code, its author and times, within `trx`; answers its
   * uuid. What kind of pass it is (walk-in, issued) is the caller's.
   */
  async function insertPass(
    trx: DB,
    author: Author,
    at: string,
    values: Omit<
      Insertable<VisitorsTable>,
      | 'uuid'
      | 'status'
      | 'qr_code'
      | 'created_by'
      | 'created_by_guard_uuid'
      | 'created_at'
      | 'updated_at'
    >,
  ): Promise<string> {
    const uuid = randomUUID();
    await trx
      .insertInto('visitors')
      .values({
        uuid,
        ...values,
        status: VALID,
        qr_code: newPassCode(),
        created_by: author.profileUuid,
        created_by_guard_uuid: author.guardUuid,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return uuid;
  }

  return {
    /**
     * Removes the visitor's name, phone, document number, plate, email, remarks, photos and e-pass
     * link from up to `limit` passes whose window (one day, or 30 for a repeating pass, from its
     * date) ended more than `retentionDays` before `today`; the site, unit, category, times and scans stay, so
     * counts and history stay true. Answers the photos' file uuids, for the caller to delete.
     */
    async removePersonalData(input: {
      today: string;
      retentionDays: number;
      now: Date;
      limit?: number;
    }): Promise<{ passes: number; photos: string[] }> {
      const oneTimeBefore = addDays(input.today, -(ONE_TIME_WINDOW_DAYS + input.retentionDays));
      const repeatBefore = addDays(input.today, -(REPEAT_WINDOW_DAYS + input.retentionDays));
      return db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('visitors')
          .select(['uuid', 'walkin_photo'])
          .where('personal_data_removed_at', 'is', null)
          .where('date', '<', oneTimeBefore)
          .where((eb) => eb.or([eb('repeat_type', '=', ONE_TIME), eb('date', '<', repeatBefore)]))
          .orderBy('date')
          .limit(input.limit ?? 500)
          .execute();
        if (rows.length === 0) return { passes: 0, photos: [] };
        await trx
          .updateTable('visitors')
          .set({
            name: '',
            phone_number: '',
            ic_passport_number: '',
            car_plate_number: '',
            email: '',
            remarks: '',
            epass_token: null,
            walkin_photo: '[]',
            personal_data_removed_at: toDbTime(input.now),
          })
          .where(
            'uuid',
            'in',
            rows.map((row) => row.uuid),
          )
          .execute();
        return { passes: rows.length, photos: rows.flatMap((row) => photoIds(row.walkin_photo)) };
      });
    },

    /** One page of passes at the caller's sites, and how many match in all. */
    async list(principal: Caller, list: ParsedListQuery) {
      const { uuids: pageUuids, total } = await pageAtLiveSites(db, principal, list, 'visitors');
      const rowsQuery = applyListQuery(selectVisitors().where('visitors.uuid', 'in', pageUuids), {
        ...list,
        where: null,
        offset: 0,
      }).orderBy('visitors.uuid', 'desc');
      const rows = await rowsQuery.execute();
      const { times, applications } = await scanTimesAndApplications(rows.map((row) => row.uuid));
      return {
        resource: rows.map((row) =>
          // The list carries the newest application only: enough for its HDF and health columns.
          toRow(
            row,
            times.get(row.uuid),
            (applications.get(row.uuid) ?? []).slice(0, 1),
            principal,
          ),
        ),
        count: total,
      };
    },

    /** A live pass at a live site within the caller's scope, by uuid, QR code or integer id. */
    async find(principal: Caller, key: PassKey): Promise<Visitor | undefined> {
      const row = await selectVisitors()
        .where(siteScope(principal, 'visitors.residence_uuid'))
        .where((eb) =>
          'uuid' in key
            ? eb('visitors.uuid', '=', key.uuid)
            : 'qrCode' in key
              ? eb('visitors.qr_code', 'in', passCodeCandidates(key.qrCode))
              : eb('visitors.id', '=', key.id),
        )
        .executeTakeFirst();
      return row ? details(row, principal) : undefined;
    },

    /**
     * A site's passes for the gate on one local day: that day's one-time passes, repeating passes
     * whose 30 days hold it, and whoever is still inside from an earlier day, with each pass's
     * code and first walk-in photo.
     */
    async gateDay(caller: Caller, siteUuid: string, day: { date: string; repeatsFrom: string }) {
      const rows = await selectVisitors()
        .where('visitors.residence_uuid', '=', siteUuid)
        .where(siteScope(caller, 'visitors.residence_uuid'))
        .where((eb) =>
          eb.or([
            eb('visitors.date', '=', day.date),
            eb.and([
              eb('visitors.date', '>=', day.repeatsFrom),
              eb('visitors.date', '<', day.date),
              eb('visitors.repeat_type', '!=', ONE_TIME),
            ]),
            eb('visitors.latest_scan_type', '=', 'IN'),
          ]),
        )
        .orderBy('visitors.start_time')
        .orderBy('visitors.uuid')
        .limit(GATE_DAY_LIMIT)
        .execute();
      const [{ times, applications }, photoKeys] = await Promise.all([
        scanTimesAndApplications(rows.map((row) => row.uuid)),
        firstPhotoKeys(rows),
      ]);
      return rows.map((row) => ({
        ...toRow(row, times.get(row.uuid), applications.get(row.uuid) ?? [], caller),
        qr_code: row.qr_code,
        photo_url: photoKeys.has(row.uuid) ? fileUrl(photoKeys.get(row.uuid) ?? '') : null,
      }));
    },

    /**
     * Writes a walk-in's pass, checked in at once, with its check-in scan, in one transaction;
     * answers its uuid.
     */
    async insertWalkIn(input: {
      values: WalkInValues;
      photoUuids: string[];
      registeredBy: Author;
      now: Date;
      audit: (uuid: string) => AuditEvent;
    }): Promise<string> {
      const at = toDbTime(input.now);
      return db.transaction().execute(async (trx) => {
        const uuid = await insertPass(trx, input.registeredBy, at, {
          ...input.values,
          type: 'WALKIN',
          repeat_type: ONE_TIME,
          checkpoint_times: 1,
          latest_scan_type: 'IN',
          due_out_at: dueOutAtText(input.values, input.now),
          walkin_photo: JSON.stringify(input.photoUuids),
        });
        await trx
          .insertInto('visitor_pass_scans')
          .values({
            uuid: randomUUID(),
            visitor_uuid: uuid,
            scan_type: 'IN',
            created_at: at,
            scanned_by: input.registeredBy.profileUuid,
            scanned_by_guard_uuid: input.registeredBy.guardUuid,
          })
          .execute();
        await recordAudit(trx, input.audit(uuid));
        return uuid;
      });
    },

    /**
     * Records the access card handed to a visitor of the site: its number ('' when none was
     * given) and when. Answers false when the site has no such pass.
     */
    async recordAccessCard(input: {
      residenceUuid: string;
      visitorUuid: string;
      cardNumber: string;
      now: Date;
      audit: AuditEvent;
    }): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('visitors')
          .set({
            access_card_number: input.cardNumber,
            access_card_issued_at: toDbTime(input.now),
            updated_at: toDbTime(input.now),
          })
          .where('uuid', '=', input.visitorUuid)
          .where('residence_uuid', '=', input.residenceUuid)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return false;
        await recordAudit(trx, input.audit);
        return true;
      });
    },

    /**
     * A walk-in the same guard registered at the same site for the same visitor (name, phone,
     * unit) since `since` (UTC): the app and the kiosk re-send a registration whose answer was
     * lost, without a key. Answers its uuid.
     */
    async findResentWalkIn(input: {
      guardUuid: string;
      values: Pick<WalkInValues, 'residence_uuid' | 'unit_uuid' | 'name' | 'phone_number'>;
      since: Date;
    }): Promise<string | undefined> {
      // A walk-in's date is the day it was registered: the site's passes by date (an index).
      const row = await db
        .selectFrom('visitors')
        .select('uuid')
        .where('residence_uuid', '=', input.values.residence_uuid)
        .where('date', '>=', localDate(input.since))
        .where('created_by_guard_uuid', '=', input.guardUuid)
        .where('type', '=', 'WALKIN')
        .where('unit_uuid', '=', input.values.unit_uuid)
        .where('name', '=', input.values.name)
        .where('phone_number', '=', input.values.phone_number)
        .where('created_at', '>=', toDbTime(input.since))
        .where('deleted_at', 'is', null)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      return row?.uuid;
    },

    /**
     * A live site within the caller's scope that a pass may be issued for, with whether it takes
     * visitors and its company (the audit entry's); undefined when the caller may not issue there.
     */
    async siteForPass(caller: Caller, siteUuid: string) {
      return db
        .selectFrom('residences')
        .select(['uuid', 'kipleguard_visitors', 'security_company_uuid'])
        .where('uuid', '=', siteUuid)
        .where('deleted_at', 'is', null)
        .where('kipleguard_enabled', '=', 1)
        .where(siteScope(caller, 'residences.uuid'))
        .executeTakeFirst();
    },

    /** Writes a pass issued ahead of the visit, with its e-pass token and audit entry. */
    async insertIssued(input: {
      values: IssuedPassValues;
      epassToken: string | null;
      issuedBy: Author;
      now: Date;
      audit: (uuid: string) => AuditEvent;
    }): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const uuid = await insertPass(trx, input.issuedBy, toDbTime(input.now), {
          ...input.values,
          type: 'INVITE',
          checkpoint_times: 0,
          epass_token: input.epassToken,
        });
        await recordAudit(trx, input.audit(uuid));
        return uuid;
      });
    },

    /**
     * Changes a valid pass that was never scanned (its e-pass link stays the one the visitor
     * holds); false when a scan or a cancel came first.
     */
    async updateIssued(
      uuid: string,
      values: IssuedPassValues,
      now: Date,
      audit: AuditEvent,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('visitors')
          .set({ ...values, updated_at: toDbTime(now) })
          .where('uuid', '=', uuid)
          .where('checkpoint_times', '=', 0)
          .where('status', '=', VALID)
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n) return false;
        await recordAudit(trx, audit);
        return true;
      });
    },

    /**
     * Cancels a pass: the record stays, its status says CANCELLED, its e-pass link dies. False
     * when it was cancelled already.
     */
    async cancel(uuid: string, now: Date, audit: AuditEvent): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const at = toDbTime(now);
        const result = await trx
          .updateTable('visitors')
          .set({ status: CANCELLED, cancelled_at: at, epass_token: null, updated_at: at })
          .where('uuid', '=', uuid)
          .where('status', '!=', CANCELLED)
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n) return false;
        await recordAudit(trx, audit);
        return true;
      });
    },

    /** The pass of a live e-pass link, at a live site; undefined once revoked or cancelled. */
    async findByEpassToken(token: string) {
      return selectVisitors().where('visitors.epass_token', '=', token).executeTakeFirst();
    },

    /**
     * The pass's latest override of the watchlist, from its own audit entries (issue 23 records
     * it there as `watchlist_override`): who made it, when (UTC text) and the entries it named, by
     * their reasons.
     */
    async watchlistOverride(
      visitorUuid: string,
    ): Promise<{ by: string; at: string; entries: string[] } | null> {
      const rows = await db
        .selectFrom('audit_entries')
        .select(['actor_name', 'created_at', 'changes'])
        .where('entity_uuid', '=', visitorUuid)
        .where('entity', '=', 'visitor')
        .where('changes', 'like', '%"watchlist_override"%')
        .orderBy('id', 'desc')
        .limit(1)
        .execute();
      const [row] = rows;
      if (!row) return null;
      const change = (JSON.parse(row.changes) as Record<string, { after?: unknown }>)
        .watchlist_override;
      // The entries' reasons (entries written before, `{uuid, reason}` each).
      const hits = Array.isArray(change?.after) ? (change.after as unknown[]) : [];
      return {
        by: row.actor_name ?? '',
        at: row.created_at,
        entries: hits.flatMap((hit) =>
          typeof hit === 'string'
            ? [hit]
            : [
                String((hit as { uuid?: unknown }).uuid ?? ''),
                String((hit as { reason?: unknown }).reason ?? ''),
              ],
        ),
      };
    },

    /** When the pass was last scanned (UTC text), or null. */
    async lastScanAt(visitorUuid: string): Promise<string | null> {
      const row = await db
        .selectFrom('visitor_pass_scans')
        .select((eb) => eb.fn.max('created_at').as('at'))
        .where('visitor_uuid', '=', visitorUuid)
        .executeTakeFirst();
      return row?.at ? String(row.at) : null;
    },

    /**
     * Records one scan, if the pass still has the checkpoint count it was judged on: the update
     * and the insert are one transaction, and the update's condition lets exactly one of two
     * racing desks through. Answers the scan, or null when another desk got there first.
     */
    async recordScan(input: {
      visitorUuid: string;
      expectedCheckpointTimes: number;
      scanType: ScanType;
      /** When the visitor is due out after a check-in (UTC text); null at a check-out. */
      dueOutAt: string | null;
      scannedBy: Author;
      now: Date;
      audit: AuditEvent;
    }): Promise<{ uuid: string; created_at: string } | null> {
      const at = toDbTime(input.now);
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('visitors')
          .set((eb) => ({
            checkpoint_times: eb('checkpoint_times', '+', 1),
            latest_scan_type: input.scanType,
            due_out_at: input.dueOutAt,
            updated_at: at,
          }))
          .where('uuid', '=', input.visitorUuid)
          .where('checkpoint_times', '=', input.expectedCheckpointTimes)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return null;
        const uuid = randomUUID();
        await trx
          .insertInto('visitor_pass_scans')
          .values({
            uuid,
            visitor_uuid: input.visitorUuid,
            scan_type: input.scanType,
            created_at: at,
            scanned_by: input.scannedBy.profileUuid,
            scanned_by_guard_uuid: input.scannedBy.guardUuid,
          })
          .execute();
        await recordAudit(trx, input.audit);
        return { uuid, created_at: at };
      });
    },
  };
}

export type VisitorsRepository = ReturnType<typeof createVisitorsRepository>;
