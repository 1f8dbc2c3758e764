import { describe, expect, it } from 'vitest';
import type { SiteMove } from '@contract/sites';
import { siteMoveWords, sitesGivenUpTitle } from '../../src/lib/site-move-words';

function move(overrides: Partial<SiteMove> = {}): SiteMove {
  return {
    from_company_name: 'Aegis Guarding',
    to_company_name: 'Benteng Protection',
    moves: true,
    ends: { guard_links: 0, supervisor_links: 0, kiosks: 0, open_shifts: 0 },
    records: { attendances: 0, visitors: 0, incidents: 0 },
    ...overrides,
  };
}

describe('siteMoveWords', () => {
  it('names the site and where it goes', () => {
    expect(siteMoveWords('Tower T', move()).title).toBe('Move Tower T to Benteng Protection?');
    expect(siteMoveWords('Tower T', move({ to_company_name: null })).title).toBe(
      'Move Tower T to no company?',
    );
  });

  it('says what ends in the plural, and leaves out what ends nothing', () => {
    const words = siteMoveWords(
      'Tower T',
      move({ ends: { guard_links: 3, supervisor_links: 2, kiosks: 0, open_shifts: 1204 } }),
    );
    expect(words.ends).toEqual([
      '3 guards of Aegis Guarding lose this site',
      '2 supervisors lose this site',
      '1,204 open shifts are checked out now',
    ]);
  });

  it('says what ends in the singular, without a company when the site had none', () => {
    const words = siteMoveWords(
      'Tower T',
      move({
        from_company_name: null,
        ends: { guard_links: 1, supervisor_links: 1, kiosks: 1, open_shifts: 1 },
      }),
    );
    expect(words.ends).toEqual([
      '1 guard loses this site',
      '1 supervisor loses this site',
      '1 kiosk is signed out for good',
      '1 open shift is checked out now',
    ]);
  });

  it('lists the records that go with the site, leaving out those it has none of', () => {
    expect(
      siteMoveWords('Tower T', move({ records: { attendances: 1204, visitors: 56, incidents: 3 } }))
        .records,
    ).toBe(
      'Its 1,204 attendance records, 56 visitor passes and 3 incidents go with the site to Benteng Protection.',
    );
    expect(
      siteMoveWords('Tower T', move({ records: { attendances: 0, visitors: 1, incidents: 1 } }))
        .records,
    ).toBe('Its 1 visitor pass and 1 incident go with the site to Benteng Protection.');
    expect(
      siteMoveWords('Tower T', move({ records: { attendances: 0, visitors: 0, incidents: 1 } }))
        .records,
    ).toBe('Its 1 incident goes with the site to Benteng Protection.');
    expect(siteMoveWords('Tower T', move()).records).toBeNull();
  });

  it('keeps the records with the site when it goes to no company', () => {
    expect(
      siteMoveWords(
        'Tower T',
        move({ to_company_name: null, records: { attendances: 2, visitors: 0, incidents: 0 } }),
      ).records,
    ).toBe(
      'Its 2 attendance records stay with the site, which no company will see until one is given it.',
    );
  });
});

describe('sitesGivenUpTitle', () => {
  it('names one site, and counts more', () => {
    expect(sitesGivenUpTitle(['Tower T'])).toBe('Give up Tower T?');
    expect(sitesGivenUpTitle(['Tower T', 'Tower U'])).toBe('Give up 2 sites?');
  });
});
