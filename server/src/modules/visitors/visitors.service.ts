import type { Visitor, VisitorScanAnswer } from '@contract/visitors';
import {
  gateStatus,
  judgeScan,
  ONE_TIME,
  REPEAT_WINDOW_DAYS,
  SCAN_REFUSAL_CODES,
  VALID,
  weekdayOf,
} from '@rules/visitor-pass';
import { VISITOR_TYPES, walkInProblem, type WalkInFields } from '@rules/walk-ins';
import { authorOf, type Caller, type GuardPrincipal, type GuardSite } from '../../auth/principal';
import { localDate, timestampOf, toDbTime } from '../../db/time';
import type { UploadedPart } from '../../http/uploads';
import { changesBetween } from '../audit/changes';
import type { FilesRepository } from '../files/files.repository';
import { storePhoto } from '../files/files.service';
import type { SitesRepository } from '../sites/sites.repository';
import type { WatchlistRepository } from '../watchlist/watchlist.repository';
import { checkWatchlist } from '../watchlist/watchlist.service';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import { dueOutAtText, type PassKey, type VisitorsRepository } from './visitors.repository';

export const SCANNED_ELSEWHERE = 'This pass was just scanned at another desk.';
export const ALREADY_CHECKED = {
  IN: 'This visitor is already checked in.',
  OUT: 'This visitor is not checked in.',
} as const;
/** The code of each refusal above, so that a client can word it in its own language. */
const ALREADY_CHECKED_CODES = { IN: 'ALREADY_CHECKED_IN', OUT: 'NOT_CHECKED_IN' } as const;

/**
 * Checks a visitor in or out by the pass (its code at the desk, its id in the guard app), by the
 * shared rules and the server's own clock. A pass outside the caller's scope answers as unknown.
 * `expected` is the way the caller's button goes (the guard app's check-in and check-out): a
 * pass the rules would scan the other way is refused rather than turned around.
 */
export async function scanPass(
  visitors: VisitorsRepository,
  principal: Caller,
  input: { pass: PassKey; residenceUuid?: string; expected?: 'IN' | 'OUT'; now: Date },
): Promise<VisitorScanAnswer> {
  const pass = await visitors.find(principal, input.pass);
  if (!pass) throw notFound();
  if (input.residenceUuid && input.residenceUuid !== pass.residence_uuid) {
    throw badRequest(`This pass is for ${pass.residence_name}.`, 'PASS_FOR_ANOTHER_SITE');
  }
  const verdict = judgeScan(
    {
      ...pass,
      siteCheckpointLimit: pass.residence.visitor_pass_checkpoint_times,
      // The scans' own record: a listed pass's check-in and check-out times miss a third scan.
      lastScanMs: timestampOf(await visitors.lastScanAt(pass.uuid)),
    },
    input.now,
  );
  if (!verdict.allowed)
    throw new ApiError(409, SCAN_REFUSAL_CODES[verdict.reason], verdict.message);
  if (input.expected && verdict.scanType !== input.expected) {
    throw conflict(ALREADY_CHECKED[input.expected], ALREADY_CHECKED_CODES[input.expected]);
  }
  const scan = await visitors.recordScan({
    visitorUuid: pass.uuid,
    expectedCheckpointTimes: pass.checkpoint_times,
    scanType: verdict.scanType,
    dueOutAt: verdict.scanType === 'IN' ? dueOutAtText(pass, input.now) : null,
    scannedBy: authorOf(principal),
    now: input.now,
    audit: {
      action: verdict.scanType === 'IN' ? 'check-in' : 'check-out',
      entity: 'visitor',
      entityUuid: pass.uuid,
      entityLabel: pass.name,
      companyUuid: { ofSite: pass.residence_uuid },
      changes: changesBetween(
        { latest_scan_type: pass.latest_scan_type, checkpoint_times: pass.checkpoint_times },
        { latest_scan_type: verdict.scanType, checkpoint_times: pass.checkpoint_times + 1 },
      ),
    },
  });
  if (!scan) throw conflict(SCANNED_ELSEWHERE, 'PASS_JUST_SCANNED');
  const after = await visitors.find(principal, { uuid: pass.uuid });
  if (!after) throw notFound();
  return {
    success: true,
    scan: { ...scan, scan_type: verdict.scanType, scanned_by_name: principal.name },
    resource: after,
  };
}

/** What a desk shows of the watchlist on a pass: the reasons it matches, and who let it through. */
export interface PassWatchlist {
  reasons: string[];
  /** Who overrode the listing and when (UTC text), when that override covers every reason. */
  override: { by: string; at: string } | null;
}

/**
 * The watchlist's word on a pass (issue 23's warning, issue 34's override): the reasons of the
 * entries its visitor matches now, and the latest override recorded with the pass when it named
 * every one of them; an entry added after the override is not covered by it.
 */
export async function watchlistOnPass(
  watchlist: WatchlistRepository,
  visitors: VisitorsRepository,
  passUuid: string,
): Promise<PassWatchlist> {
  const hits = await watchlist.matchingPass(passUuid);
  if (hits.length === 0) return { reasons: [], override: null };
  const override = await visitors.watchlistOverride(passUuid);
  const covered =
    override !== null &&
    hits.every(
      (hit) => override.entries.includes(hit.uuid) || override.entries.includes(hit.reason),
    );
  return {
    reasons: hits.map((hit) => hit.reason),
    override: covered ? { by: override.by, at: override.at } : null,
  };
}

export const GATE_MESSAGES = {
  visitorsOff: 'Visitors are not managed at this site.',
  unitUnknown: 'Choose a unit of this site.',
  visitorUnknown: 'Visitor does not exist.',
} as const;

/** A walk-in's pass is good from its registration to the end of that day. */
const WALK_IN_END_TIME = '23:59:59';
/** The same walk-in registered again by the same guard within this long is one visit sent twice. */
export const WALK_IN_RESEND_MS = 10 * 60_000;

/** What a guard registers at the gate for a visitor with no pass. */
export interface WalkInInput {
  site: GuardSite;
  fields: WalkInFields & {
    icPassportNumber: string;
    carPlateNumber: string;
    purpose: string;
    /** The number of an access card handed over at registration, '' when none. */
    accessCardNumber: string;
  };
  photo: UploadedPart | null;
  now: Date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Gate work on passes: a site's day at the gate, and walk-ins registered there. */
export function createVisitorsService(deps: {
  visitors: VisitorsRepository;
  sites: SitesRepository;
  files: FilesRepository;
  watchlist: WatchlistRepository;
}) {
  const { visitors, sites, files } = deps;

  function checkVisitorsOn(site: GuardSite) {
    if (!site.visitors) throw new ApiError(403, 'VISITORS_OFF', GATE_MESSAGES.visitorsOff);
  }

  return {
    checkVisitorsOn,

    /** The watchlist's word on a pass, for a desk's warning (see watchlistOnPass). */
    watchlistOf(pass: Visitor): Promise<PassWatchlist> {
      return watchlistOnPass(deps.watchlist, visitors, pass.uuid);
    },

    /**
     * The site's passes for the gate on a local day ('YYYY-MM-DD'), each with where it stands:
     * upcoming (valid and expected that day), checked in, overtime, or checked out.
     */
    async gateDay(caller: Caller, site: GuardSite, date: string, now: Date) {
      checkVisitorsOn(site);
      const [year, month, day] = date.split('-').map(Number);
      const gateDay = new Date(year ?? 0, (month ?? 1) - 1, day ?? 1);
      const repeatsFrom = localDate(
        new Date(
          gateDay.getFullYear(),
          gateDay.getMonth(),
          gateDay.getDate() - REPEAT_WINDOW_DAYS + 1,
        ),
      );
      const weekday = weekdayOf(gateDay);
      const passes = await visitors.gateDay(caller, site.uuid, { date, repeatsFrom });
      return passes
        .map((pass) => ({ pass, status: gateStatus(pass, now) }))
        .filter(({ pass, status }) => {
          if (status !== 'upcoming') return true;
          // Not arrived: listed only when valid and expected on that day.
          const expected =
            pass.repeat_type === ONE_TIME
              ? pass.date === date
              : pass.repeatType
                  .split(',')
                  .map((d) => d.trim().toUpperCase())
                  .includes(weekday);
          return pass.status === VALID && expected;
        });
    },

    /**
     * Records the access card handed to a visitor of the guard's site (its number, '' when none
     * was given). Answers the pass.
     */
    async recordAccessCard(
      guard: GuardPrincipal,
      input: { site: GuardSite; visitorUuid: string; cardNumber: string; now: Date },
    ) {
      checkVisitorsOn(input.site);
      const pass = await visitors.find(guard, { uuid: input.visitorUuid });
      if (!pass || pass.residence_uuid !== input.site.uuid) {
        throw notFound(GATE_MESSAGES.visitorUnknown);
      }
      const recorded = await visitors.recordAccessCard({
        residenceUuid: input.site.uuid,
        visitorUuid: pass.uuid,
        cardNumber: input.cardNumber,
        now: input.now,
        audit: {
          action: 'update',
          entity: 'visitor',
          entityUuid: pass.uuid,
          entityLabel: pass.name,
          companyUuid: guard.companyUuid,
          changes: changesBetween(
            { access_card_number: pass.access_card_number },
            { access_card_number: input.cardNumber || 'issued' },
          ),
        },
      });
      if (!recorded) throw notFound(GATE_MESSAGES.visitorUnknown);
      const updated = await visitors.find(guard, { uuid: pass.uuid });
      if (!updated) throw notFound(GATE_MESSAGES.visitorUnknown);
      return updated;
    },

    /**
     * Registers a walk-in: a one-time pass for the rest of today, checked in at once by the
     * guard, with the visitor's photo. Answers the pass.
     */
    async registerWalkIn(guard: GuardPrincipal, input: WalkInInput) {
      checkVisitorsOn(input.site);
      const problem = walkInProblem(input.fields);
      if (problem) throw badRequest(problem);
      const unit = await sites.unitOf(input.site.uuid, input.fields.unitUuid.trim());
      if (!unit) throw badRequest(GATE_MESSAGES.unitUnknown, 'INVALID_UNIT');
      const type = VISITOR_TYPES.find((t) => String(t.id) === input.fields.visitorTypeId.trim());
      // A guard at the gate cannot override the watchlist: a listed visitor is refused here.
      await checkWatchlist(
        deps.watchlist,
        guard,
        input.site.uuid,
        {
          name: input.fields.name,
          ic_passport_number: input.fields.icPassportNumber,
          car_plate_number: input.fields.carPlateNumber,
          phone_number: input.fields.phone,
        },
        false,
      );
      const now = input.now;
      const resent = await visitors.findResentWalkIn({
        guardUuid: guard.guardUuid,
        values: {
          residence_uuid: input.site.uuid,
          unit_uuid: unit.uuid,
          name: input.fields.name.trim(),
          phone_number: input.fields.phone.trim(),
        },
        since: new Date(now.getTime() - WALK_IN_RESEND_MS),
      });
      if (resent) {
        const earlier = await visitors.find(guard, { uuid: resent });
        if (earlier) return earlier;
      }
      const photo = input.photo ? await storePhoto(files, guard, input.photo) : null;
      const temperature = input.fields.temperature.trim();
      const values = {
        residence_uuid: input.site.uuid,
        unit_uuid: unit.uuid,
        name: input.fields.name.trim(),
        phone_number: input.fields.phone.trim(),
        car_plate_number: input.fields.carPlateNumber.trim().toUpperCase(),
        category: type?.name ?? VISITOR_TYPES[0].name,
        date: localDate(now),
        start_time: `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`,
        end_time: WALK_IN_END_TIME,
        visitor_temp: temperature ? Number(temperature) : null,
        ic_passport_number: input.fields.icPassportNumber.trim(),
        email: input.fields.email.trim(),
        purpose: input.fields.purpose.trim(),
        access_card_number: input.fields.accessCardNumber.trim(),
        access_card_issued_at: input.fields.accessCardNumber.trim() ? toDbTime(now) : null,
      };
      const uuid = await visitors.insertWalkIn({
        values,
        photoUuids: photo ? [photo.uuid] : [],
        registeredBy: authorOf(guard),
        now,
        audit: (created) => ({
          action: 'create',
          entity: 'visitor',
          entityUuid: created,
          entityLabel: values.name,
          companyUuid: guard.companyUuid,
          // The visitor's contact and identity numbers stay out of the append-only trail, which
          // keeps entries longer than VISITOR_DATA_RETENTION_DAYS keeps them (docs/privacy.md).
          changes: changesBetween(null, {
            residence_uuid: values.residence_uuid,
            unit_uuid: values.unit_uuid,
            name: values.name,
            category: values.category,
            date: values.date,
            start_time: values.start_time,
            end_time: values.end_time,
            purpose: values.purpose,
            type: 'WALKIN',
          }),
        }),
      });
      const pass = await visitors.find(guard, { uuid });
      if (!pass) throw notFound();
      return pass;
    },
  };
}

export type VisitorsService = ReturnType<typeof createVisitorsService>;
