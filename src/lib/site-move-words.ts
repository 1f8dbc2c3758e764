import type { SiteMove } from '@contract/sites';

const wholeNumber = new Intl.NumberFormat('en');

/** "1 kiosk", "1,204 kiosks": the count with the noun's singular or plural. */
function counted(count: number, singular: string, plural: string): string {
  return `${wholeNumber.format(count)} ${count === 1 ? singular : plural}`;
}

/** The verb that agrees with one count: "1 guard loses", "3 guards lose". */
function agreeing(count: number, singular: string, plural: string): string {
  return count === 1 ? singular : plural;
}

/** "a", "a and b", "a, b and c". */
function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

export interface SiteMoveWords {
  title: string;
  /** What the move ends, one sentence each; empty when nothing does. */
  ends: string[];
  /** Where the site's records go; null when it has none. */
  records: string | null;
}

/**
 * The words for moving `siteName` as the server's preview counts it: Edit Site's confirmation, and
 * each site a company form gives up (its move to no company).
 */
export function siteMoveWords(siteName: string, move: SiteMove): SiteMoveWords {
  const { ends, records } = move;
  const from = move.from_company_name;
  const to = move.to_company_name;

  const endLines: string[] = [];
  if (ends.guard_links > 0) {
    const guards = counted(ends.guard_links, 'guard', 'guards');
    endLines.push(
      `${guards}${from ? ` of ${from}` : ''} ${agreeing(ends.guard_links, 'loses', 'lose')} this site`,
    );
  }
  if (ends.supervisor_links > 0) {
    endLines.push(
      `${counted(ends.supervisor_links, 'supervisor', 'supervisors')} ${agreeing(ends.supervisor_links, 'loses', 'lose')} this site`,
    );
  }
  if (ends.kiosks > 0) {
    endLines.push(
      `${counted(ends.kiosks, 'kiosk', 'kiosks')} ${agreeing(ends.kiosks, 'is', 'are')} signed out for good`,
    );
  }
  if (ends.open_shifts > 0) {
    endLines.push(
      `${counted(ends.open_shifts, 'open shift', 'open shifts')} ${agreeing(ends.open_shifts, 'is', 'are')} checked out now`,
    );
  }

  const kept = [
    { count: records.attendances, singular: 'attendance record', plural: 'attendance records' },
    { count: records.visitors, singular: 'visitor pass', plural: 'visitor passes' },
    { count: records.incidents, singular: 'incident', plural: 'incidents' },
  ].filter(({ count }) => count > 0);
  const single = kept.length === 1 && kept[0]?.count === 1;
  const goes = to
    ? `${single ? 'goes' : 'go'} with the site to ${to}.`
    : `${single ? 'stays' : 'stay'} with the site, which no company will see until one is given it.`;
  const recordsLine =
    kept.length > 0
      ? `Its ${listed(kept.map(({ count, singular, plural }) => counted(count, singular, plural)))} ${goes}`
      : null;

  return {
    title: `Move ${siteName} to ${to ?? 'no company'}?`,
    ends: endLines,
    records: recordsLine,
  };
}

/**
 * The title of a company form's confirmation: "Give up Tower T?" for one site, "Give up 2 sites?"
 * for more (the body names each).
 */
export function sitesGivenUpTitle(siteNames: readonly string[]): string {
  const [only] = siteNames;
  return siteNames.length === 1 && only !== undefined
    ? `Give up ${only}?`
    : `Give up ${counted(siteNames.length, 'site', 'sites')}?`;
}
