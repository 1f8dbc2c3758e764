import { toDbTime } from '../time';
import { addMinutes, localTime } from './calendar';
import { phoneNumber, randomPerson, streetAddress } from './malaysia';
import { nearby, type Random } from './random';

/** Row builders shared by the demo and the large seed. Ids come from the caller. */

const FORGETS_TO_CHECK_OUT = 0.03;
/** Share of guards who are Nepalese or Bangladeshi, as is common in Malaysian security work. */
const FOREIGN_GUARDS = 0.35;

export interface Shift {
  checkin: Date;
  checkout: Date | null;
}

export interface Place {
  uuid: string;
  lat: number;
  lng: number;
}

/** A live guard with a generated identity; PIN and photo are the caller's choice. */
export function guardRow(
  random: Random,
  now: Date,
  guard: {
    uuid: string;
    number: number;
    companyUuid: string;
    pin: string | null;
    photo: string | null;
  },
) {
  const person = randomPerson(random, now, FOREIGN_GUARDS);
  const number = String(guard.number).padStart(4, '0');
  const createdAt = toDbTime(
    localTime(now, random.int(20, 600), random.int(8, 18), random.int(0, 59)),
  );
  return {
    uuid: guard.uuid,
    guard_id: `G-${number}`,
    name: person.name,
    email: random.chance(0.85) ? `${person.handle}${number}@mail.example.com` : null,
    address: streetAddress(random),
    contact_number: phoneNumber(random),
    ic_passport_number: person.icPassportNumber,
    nationality: person.nationality,
    birthdate: person.birthdate,
    is_active: random.chance(0.95) ? 1 : 0,
    security_company_uuid: guard.companyUuid,
    pin: guard.pin,
    photo_file_uuid: guard.photo,
    created_at: createdAt,
    updated_at: createdAt,
    deleted_at: null as string | null,
  };
}

/**
 * A shift starting around the guard's usual hour and lasting 8 to 12 hours. A few guards forget
 * to check out; a shift not over by `now` has no check-out yet.
 */
export function regularShift(random: Random, now: Date, daysAgo: number, startHour: number): Shift {
  const checkin = localTime(now, daysAgo, startHour - 1, random.int(30, 89));
  const checkout = addMinutes(checkin, random.int(8 * 60, 12 * 60));
  const forgot = random.chance(FORGETS_TO_CHECK_OUT);
  return { checkin, checkout: forgot || checkout > now ? null : checkout };
}

/** Check-in and check-out with a selfie each and GPS near the site; created when checked in. */
export function attendanceRow(
  random: Random,
  attendance: {
    uuid: string;
    guardUuid: string;
    site: Place;
    shift: Shift;
    selfies: readonly string[];
  },
) {
  const { site, shift, selfies } = attendance;
  const out = shift.checkout;
  return {
    uuid: attendance.uuid,
    guard_uuid: attendance.guardUuid,
    residence_uuid: site.uuid,
    checkin_at: toDbTime(shift.checkin),
    checkout_at: out ? toDbTime(out) : null,
    checkin_lat: nearby(random, site.lat),
    checkin_lng: nearby(random, site.lng),
    checkout_lat: out ? nearby(random, site.lat) : null,
    checkout_lng: out ? nearby(random, site.lng) : null,
    checkin_photo_file_uuid: random.pick(selfies),
    checkout_photo_file_uuid: out ? random.pick(selfies) : null,
    created_at: toDbTime(shift.checkin),
  };
}
