import type { GuardPrincipal, GuardSite } from '../../auth/principal';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import type { UploadedPart } from '../../http/uploads';
import type { AuditEvent } from '../audit/audit.repository';
import { changesBetween } from '../audit/changes';
import type { FilesRepository } from '../files/files.repository';
import { storePhoto } from '../files/files.service';
import type { AttendancesRepository, ShiftEvent } from './attendances.repository';
import { distanceFromSite, type Position } from './geofence';

export const SHIFT_MESSAGES = {
  alreadyOpen: 'You already have an open shift. End it before you start a new one.',
  noneOpen: 'You have no open shift to end.',
  selfieRequired: 'Take a selfie to start or end your shift.',
  attendanceOff: 'Attendance is not taken at this site.',
  openElsewhere: (site: string) => `Your open shift is at ${site}. End it there.`,
} as const;

export interface ShiftInput {
  site: GuardSite;
  selfie: UploadedPart | null;
  position: Position | null;
  now: Date;
}

/** A shift's start or end as the audit trail records it: when, where, and the selfie. */
function shiftEntry(
  guard: GuardPrincipal,
  shiftUuid: string,
  action: 'shift-start' | 'shift-end',
  site: GuardSite,
  event: ShiftEvent,
): AuditEvent {
  return {
    action,
    entity: 'attendance',
    entityUuid: shiftUuid,
    entityLabel: guard.name,
    companyUuid: guard.companyUuid,
    changes: changesBetween(null, {
      site: site.name,
      lat: event.position?.lat ?? null,
      lng: event.position?.lng ?? null,
      selfie_file_uuid: event.photoFileUuid,
      distance_m: event.distanceMetres,
      kiosk_uuid: guard.kioskUuid,
    }),
  };
}

/** Starting and ending shifts, whoever records them (the guard app, a kiosk), by the same rules. */
export function createAttendancesService(deps: {
  attendances: AttendancesRepository;
  files: FilesRepository;
}) {
  const { attendances, files } = deps;

  /** The selfie stored as the guard's, or none where the site allows shifts on the PIN alone. */
  async function shiftEvent(guard: GuardPrincipal, input: ShiftInput): Promise<ShiftEvent> {
    if (!input.site.attendance)
      throw new ApiError(403, 'ATTENDANCE_OFF', SHIFT_MESSAGES.attendanceOff);
    if (!input.selfie && !input.site.pinOnlyShifts) {
      throw badRequest(SHIFT_MESSAGES.selfieRequired, 'SELFIE_REQUIRED');
    }
    const photo = input.selfie ? await storePhoto(files, guard, input.selfie) : null;
    return {
      at: input.now,
      position: input.position,
      distanceMetres: distanceFromSite(input.site, input.position),
      photoFileUuid: photo?.uuid ?? null,
    };
  }

  async function saved(uuid: string) {
    const shift = await attendances.findShift(uuid);
    if (!shift) throw notFound();
    return shift;
  }

  return {
    /** Opens the guard's shift at the site; one open shift per guard, enforced by the database. */
    async startShift(guard: GuardPrincipal, input: ShiftInput) {
      // A cheap early answer before the selfie is stored; the database decides a race.
      if (await attendances.openShiftOf(guard.guardUuid, input.now)) {
        throw conflict(SHIFT_MESSAGES.alreadyOpen, 'SHIFT_ALREADY_OPEN');
      }
      const checkin = await shiftEvent(guard, input);
      const uuid = await attendances.startShift({
        guardUuid: guard.guardUuid,
        residenceUuid: input.site.uuid,
        checkin,
        audit: (shift) => shiftEntry(guard, shift, 'shift-start', input.site, checkin),
      });
      if (!uuid) throw conflict(SHIFT_MESSAGES.alreadyOpen, 'SHIFT_ALREADY_OPEN');
      return saved(uuid);
    },

    /** Ends the guard's open shift, at the site it was started at. */
    async endShift(guard: GuardPrincipal, input: ShiftInput) {
      const open = await attendances.openShiftOf(guard.guardUuid, input.now);
      if (!open) throw conflict(SHIFT_MESSAGES.noneOpen, 'NO_OPEN_SHIFT');
      const shift = await saved(open.attendance_uuid);
      if (shift.residence_uuid !== input.site.uuid) {
        throw conflict(SHIFT_MESSAGES.openElsewhere(shift.residence_name), 'SHIFT_AT_OTHER_SITE');
      }
      const checkout = await shiftEvent(guard, input);
      const uuid = await attendances.endShift({
        guardUuid: guard.guardUuid,
        checkout,
        audit: (shift) => shiftEntry(guard, shift, 'shift-end', input.site, checkout),
      });
      if (!uuid) throw conflict(SHIFT_MESSAGES.noneOpen, 'NO_OPEN_SHIFT');
      return saved(uuid);
    },

    /** The guard's open shift, wherever it is, or null. */
    async openShiftOf(guardUuid: string, now: Date) {
      const open = await attendances.openShiftOf(guardUuid, now);
      return open ? saved(open.attendance_uuid) : null;
    },

    shiftsOf: attendances.shiftsOf,
  };
}

export type AttendancesService = ReturnType<typeof createAttendancesService>;
