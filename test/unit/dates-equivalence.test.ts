import moment from 'moment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totalHours } from '../../src/lib/attendance';
import {
  formatAdminTimestamp,
  formatLocalDateTime,
  formatTimestamp,
  timestampMs,
} from '../../src/lib/dates';
import { expectedArrival } from '../../src/features/visitors/visitor-text';
import { seededRandom } from '../support/random';

// A property test: the hand-written timestamp readers of src/lib/dates.ts answer exactly what the
// moment versions they replaced answered, on random well-formed, out-of-range and malformed text,
// in zones with and without daylight saving time (Sao Paulo's once began at midnight, Lord Howe's
// moves half an hour, Apia skipped a whole day). moment stays here only, as the reference.

const API_TIMESTAMP = 'YYYY-MM-DD HH:mm:ss';
const reference = {
  formatTimestamp(utc: string | null | undefined): string {
    if (!utc) return '';
    const parsed = moment.utc(utc, API_TIMESTAMP, true);
    return parsed.isValid() ? parsed.local().format('DD/MM/YYYY hh:mm:ss a') : '';
  },
  formatAdminTimestamp(utc: string | null | undefined): string {
    if (!utc) return '';
    const parsed = moment.utc(utc, API_TIMESTAMP, true);
    return parsed.isValid() ? parsed.local().format('HH:mm:ss DD/MM/YYYY') : '';
  },
  timestampMs(utc: string | null | undefined): number | null {
    if (!utc) return null;
    const parsed = moment.utc(utc, API_TIMESTAMP, true);
    return parsed.isValid() ? parsed.valueOf() : null;
  },
  /** What visitor-text.ts did with a pass's local day and time. */
  passTime(local: string): string {
    const parsed = moment(local, API_TIMESTAMP, true);
    return parsed.isValid() ? parsed.format('DD/MM/YYYY hh:mm:ss a') : '';
  },
};

type Random = ReturnType<typeof seededRandom>;

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** Years near the edges (0 to 99, 9999), the epoch and today, else any four digits. */
function year(random: Random): number {
  return random.pick([
    () => random.int(0, 99),
    () => random.int(9990, 9999),
    () => random.int(1965, 1975),
    () => random.int(1990, 2040),
    () => random.int(0, 9999),
  ])();
}

/** The fixed form with each field drawn a little past its range, so overflow is tried too. */
function wellFormed(random: Random): string {
  const midnight = random.next() < 0.05;
  const day = random.next() < 0.3 ? random.pick([0, 28, 29, 30, 31, 32]) : random.int(1, 31);
  const hour = midnight
    ? 24
    : random.next() < 0.15
      ? random.pick([0, 11, 12, 23, 24, 25])
      : random.int(0, 23);
  const minute = midnight ? 0 : random.next() < 0.2 ? random.pick([0, 59, 60]) : random.int(0, 59);
  const second = midnight
    ? 0
    : random.next() < 0.2
      ? random.pick([0, 59, 60, 99])
      : random.int(0, 59);
  const month = random.next() < 0.1 ? random.pick([0, 13, 99]) : random.int(1, 12);
  return `${pad(year(random), 4)}-${pad(month, 2)}-${pad(day, 2)} ${pad(hour, 2)}:${pad(minute, 2)}:${pad(second, 2)}`;
}

const NOISE = [...'0123456789', '-', ':', ' ', 'T', 'Z', '.', '+', '/', 'a', '\n', '\t', '٣', '１'];

/** A well-formed text broken in one or two places: a character removed, added or replaced. */
function malformed(random: Random): string {
  let text = wellFormed(random);
  for (let edits = random.int(1, 2); edits > 0; edits--) {
    const at = random.int(0, text.length);
    const kind = random.int(0, 2);
    if (kind === 0) text = text.slice(0, at) + text.slice(at + 1);
    else if (kind === 1) text = text.slice(0, at) + random.pick(NOISE) + text.slice(at);
    else text = text.slice(0, at) + random.pick(NOISE) + text.slice(at + 1);
  }
  return text;
}

/** Other forms a timestamp might arrive in, none of which moment's strict parse accepts. */
function otherForm(random: Random): string {
  const text = wellFormed(random);
  return random.pick([
    () => text.replace(' ', 'T'),
    () => `${text}Z`,
    () => `${text}.000`,
    () => ` ${text}`,
    () => `${text} `,
    () => text.slice(0, 16),
    () => text.slice(0, 10),
    () => `1${text}`,
    () => text.replace(/-0(\d)/, '-$1'),
    () => text.replace(/ 0(\d)/, ' $1'),
    () => Array.from({ length: random.int(0, 22) }, () => random.pick(NOISE)).join(''),
  ])();
}

function randomInput(random: Random): string {
  const roll = random.next();
  if (roll < 0.5) return wellFormed(random);
  if (roll < 0.8) return malformed(random);
  return otherForm(random);
}

const EDGES = [
  '',
  '2024-02-30 10:00:00',
  '2024-02-29 10:00:00',
  '2023-02-29 10:00:00',
  '1900-02-29 00:00:00',
  '2000-02-29 00:00:00',
  '0000-02-29 00:00:00',
  '0000-01-01 00:00:00',
  '0099-12-31 23:59:59',
  '0099-12-31 24:00:00',
  '0050-02-28 24:00:00',
  '0004-02-29 24:00:00',
  '0100-01-01 00:00:00',
  '9999-12-31 23:59:59',
  '9999-12-31 24:00:00',
  '2024-01-31 24:00:00',
  '2024-01-31 24:00:01',
  '2024-01-31 25:00:00',
  '2024-05-01 00:00:00',
  '2024-05-01 11:59:59',
  '2024-05-01 12:00:00',
  '2024-05-01 23:59:59',
  '1970-01-01 00:00:00',
  '2024-03-10 02:30:00',
  '2024-11-03 01:30:00',
  '2018-11-04 00:00:00',
  '2018-11-03 24:00:00',
  '2011-12-30 00:00:00',
  '2011-12-29 24:00:00',
  // 24:00 of a local day that changes the clocks: the next day's midnight, not 24 hours later.
  '2024-03-10 24:00:00',
  '2024-11-03 24:00:00',
  '2018-11-04 24:00:00',
  '2019-02-16 24:00:00',
  '2024-04-07 24:00:00',
  '2024-10-06 24:00:00',
  '2024-05-01 10:00:00\n',
  '2024-05-01T10:00:00',
  'yesterday',
];

/** Each zone with how it shows 2024-01-15 03:00:00 UTC, to prove the zone took effect. */
const ZONES = [
  ['Asia/Kuala_Lumpur', '15/01/2024 11:00:00 am'],
  ['America/New_York', '14/01/2024 10:00:00 pm'],
  ['America/Sao_Paulo', '15/01/2024 12:00:00 am'],
  ['Australia/Lord_Howe', '15/01/2024 02:00:00 pm'],
  ['Pacific/Apia', '15/01/2024 04:00:00 pm'],
] as const;
const RANDOM_INPUTS = 3_000;

describe.each(ZONES)('timestamps read by hand equal moment’s in %s', (zone, sample) => {
  let previous: string | undefined;
  beforeAll(() => {
    previous = process.env.TZ;
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  });

  /** The edge cases, then random text from a seed fixed per zone. */
  function inputs(seed: number): string[] {
    const random = seededRandom(seed);
    return [...EDGES, ...Array.from({ length: RANDOM_INPUTS }, () => randomInput(random))];
  }

  /** Every input whose two answers differ, so a failure lists them all. */
  function differences<T>(
    texts: readonly string[],
    ours: (text: string) => T,
    theirs: (text: string) => T,
  ): Array<{ text: string; ours: T; moment: T }> {
    return texts
      .map((text) => ({ text, ours: ours(text), moment: theirs(text) }))
      .filter((answer) => !Object.is(answer.ours, answer.moment));
  }

  it('formatTimestamp', () => {
    expect(reference.formatTimestamp('2024-01-15 03:00:00')).toBe(sample);
    const texts = inputs(1);
    expect(texts.filter((text) => reference.formatTimestamp(text) !== '').length).toBeGreaterThan(
      RANDOM_INPUTS / 3,
    );
    expect(differences(texts, formatTimestamp, reference.formatTimestamp)).toEqual([]);
    expect(formatTimestamp(null)).toBe(reference.formatTimestamp(null));
    expect(formatTimestamp(undefined)).toBe(reference.formatTimestamp(undefined));
  });

  it('formatAdminTimestamp', () => {
    expect(differences(inputs(2), formatAdminTimestamp, reference.formatAdminTimestamp)).toEqual(
      [],
    );
    expect(formatAdminTimestamp(null)).toBe('');
  });

  it('timestampMs', () => {
    expect(differences(inputs(3), timestampMs, reference.timestampMs)).toEqual([]);
    expect(timestampMs(undefined)).toBeNull();
  });

  it('totalHours', () => {
    const random = seededRandom(4);
    const pairs = Array.from({ length: RANDOM_INPUTS }, () => {
      const checkin = randomInput(random);
      // Mostly a shift a few hours or days long, so the difference is worth comparing.
      const ms = reference.timestampMs(checkin);
      const checkout =
        ms !== null && random.next() < 0.8
          ? moment.utc(ms + random.int(-3_600_000, 40 * 3_600_000)).format(API_TIMESTAMP)
          : randomInput(random);
      return [checkin, checkout] as const;
    });
    const referenceHours = (checkin: string, checkout: string) => {
      const start = reference.timestampMs(checkin);
      const end = reference.timestampMs(checkout);
      if (start === null || end === null || end < start) return '0';
      const duration = moment.duration(end - start);
      const hours = Math.floor(duration.asHours());
      return `${hours}:${pad(duration.minutes(), 2)}:${pad(duration.seconds(), 2)}`;
    };
    const differing = pairs.filter(([a, b]) => totalHours(a, b) !== referenceHours(a, b));
    expect(differing).toEqual([]);
  });

  it('a visitor pass’s local day and time (formatLocalDateTime, expectedArrival)', () => {
    const texts = inputs(5);
    expect(differences(texts, formatLocalDateTime, reference.passTime)).toEqual([]);

    const random = seededRandom(6);
    const passes = Array.from({ length: 500 }, () => {
      const [date = '', time = ''] = randomInput(random).split(' ');
      return { date, start_time: random.next() < 0.3 ? time.slice(0, 5) : time };
    });
    const differing = passes.filter(
      (pass) =>
        expectedArrival(pass) !==
        reference.passTime(
          `${pass.date} ${pass.start_time.length === 5 ? `${pass.start_time}:00` : pass.start_time}`,
        ),
    );
    expect(differing).toEqual([]);
  });
});
