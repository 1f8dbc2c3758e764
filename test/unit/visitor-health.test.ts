import { describe, expect, it } from 'vitest';
import type { HealthApplication } from '@contract/visitors';
import { hdfStatus, healthCode, visitorTemperature } from '../../src/lib/visitor-health';

// A fixed clock: 12:00 UTC on 20 March 2026. Timestamps are the API's UTC text.
const NOW = new Date('2026-03-20T12:00:00Z');

const application = (overrides: Partial<HealthApplication> = {}): HealthApplication => ({
  status: 'APPROVED',
  created_at: '2026-03-20 08:00:00',
  qrcode_expired_at: '2026-03-21 08:00:00',
  creator_temp: 36.6,
  creator_temp_updated_at: '2026-03-20 08:00:00',
  ...overrides,
});

const atHdfSite = (
  overrides: { hdf?: string | null; applications?: HealthApplication[] } = {},
) => ({
  hdf: null,
  visitor_temp: null,
  applications: [application()],
  residence: { hdf_enabled: 1 },
  ...overrides,
});

const atGate = (visitor_temp: number | null) => ({
  hdf: 'APPROVED',
  visitor_temp,
  applications: [application({ creator_temp: 39 })],
  residence: { hdf_enabled: 0 },
});

describe('HDF form status', () => {
  it('is Disabled at a site without the HDF form, whatever the pass holds', () => {
    expect(hdfStatus(atGate(36.5), NOW)).toBe('Disabled');
  });

  it('is Expired once the latest application has expired, to the second', () => {
    const expiring = (qrcode_expired_at: string) =>
      atHdfSite({ hdf: 'APPROVED', applications: [application({ qrcode_expired_at })] });
    expect(hdfStatus(expiring('2026-03-20 12:00:00'), NOW)).toBe('APPROVED');
    expect(hdfStatus(expiring('2026-03-20 11:59:59'), NOW)).toBe('Expired');
  });

  it('reads the latest application by its time, not its place in the list', () => {
    const older = application({
      created_at: '2026-03-01 08:00:00',
      qrcode_expired_at: '2026-03-02 08:00:00',
    });
    const newer = application({ status: 'REJECTED' });
    expect(hdfStatus(atHdfSite({ applications: [newer, older] }), NOW)).toBe('REJECTED');
    expect(hdfStatus(atHdfSite({ applications: [older, newer] }), NOW)).toBe('REJECTED');
  });

  it('is otherwise the visitor’s status, else the latest application’s, else Pending', () => {
    expect(hdfStatus(atHdfSite({ hdf: 'PENDING' }), NOW)).toBe('PENDING');
    expect(hdfStatus(atHdfSite({ hdf: null }), NOW)).toBe('APPROVED');
    expect(hdfStatus(atHdfSite({ hdf: null, applications: [] }), NOW)).toBe('Pending');
  });
});

describe('health code', () => {
  it('is Grey by default: an HDF site with no application, or a pending one', () => {
    expect(healthCode(atHdfSite({ applications: [] }), NOW)).toBe('Grey');
    expect(healthCode(atHdfSite({ applications: [application({ status: 'PENDING' })] }), NOW)).toBe(
      'Grey',
    );
  });

  it('is Red over 37.5 and not at 37.5 exactly', () => {
    const fever = (creator_temp: number) =>
      atHdfSite({ applications: [application({ creator_temp })] });
    expect(healthCode(fever(37.5), NOW)).toBe('Green');
    expect(healthCode(fever(37.6), NOW)).toBe('Red');
  });

  it('turns a fever Orange when its reading is 15 days old or more', () => {
    const readAt = (creator_temp_updated_at: string) =>
      atHdfSite({ applications: [application({ creator_temp: 38.2, creator_temp_updated_at })] });
    expect(healthCode(readAt('2026-03-05 12:00:01'), NOW)).toBe('Red');
    expect(healthCode(readAt('2026-03-05 12:00:00'), NOW)).toBe('Orange');
    expect(healthCode(readAt('2026-02-01 12:00:00'), NOW)).toBe('Orange');
  });

  it('is Green when APPROVED and not expired, Grey once expired, Red when REJECTED', () => {
    expect(healthCode(atHdfSite(), NOW)).toBe('Green');
    expect(
      healthCode(
        atHdfSite({ applications: [application({ qrcode_expired_at: '2026-03-20 11:00:00' })] }),
        NOW,
      ),
    ).toBe('Grey');
    expect(
      healthCode(atHdfSite({ applications: [application({ status: 'REJECTED' })] }), NOW),
    ).toBe('Red');
  });

  it('uses the gate temperature at sites without HDF: Red over 37.5, else Green', () => {
    expect(healthCode(atGate(37.6), NOW)).toBe('Red');
    expect(healthCode(atGate(37.5), NOW)).toBe('Green');
    expect(healthCode(atGate(35.9), NOW)).toBe('Green');
    expect(healthCode(atGate(null), NOW)).toBe('Grey');
  });

  it('shows the temperature it judged by', () => {
    expect(visitorTemperature(atGate(36.8))).toBe(36.8);
    expect(visitorTemperature(atHdfSite())).toBe(36.6);
    expect(visitorTemperature(atHdfSite({ applications: [] }))).toBeNull();
  });
});
