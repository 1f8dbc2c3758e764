import type { VisitorScanAnswer } from '../../../../src/lib/contract/visitors';
import { judgeScan, type ScanRefusal } from '../../../../src/lib/rules/visitor-pass';
import type { Principal } from '../../auth/principal';
import { timestampOf } from '../../db/time';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import { REPEAT_SCAN_MS, type VisitorsRepository } from './visitors.repository';

const REFUSAL_CODES: Record<ScanRefusal, string> = {
  'not-valid': 'PASS_NOT_VALID',
  used: 'PASS_USED',
  'outside-window': 'PASS_OUTSIDE_WINDOW',
  'wrong-weekday': 'PASS_WRONG_WEEKDAY',
};

export const SCANNED_A_MOMENT_AGO = 'This pass was scanned a moment ago.';
export const SCANNED_ELSEWHERE = 'This pass was just scanned at another desk.';

/**
 * Checks a visitor in or out by the code on the pass, by the shared rules and the server's own
 * clock. A code outside the caller's scope answers as unknown.
 */
export async function scanPass(
  visitors: VisitorsRepository,
  principal: Principal,
  input: { code: string; residenceUuid?: string; now: Date },
): Promise<VisitorScanAnswer> {
  const pass = await visitors.find(principal, { qrCode: input.code });
  if (!pass) throw notFound();
  if (input.residenceUuid && input.residenceUuid !== pass.residence_uuid) {
    throw badRequest(`This pass is for ${pass.residence_name}.`, 'PASS_FOR_ANOTHER_SITE');
  }
  const verdict = judgeScan(
    {
      ...pass,
      siteCheckpointLimit: pass.residence.visitor_pass_checkpoint_times,
    },
    input.now,
  );
  if (!verdict.allowed) throw new ApiError(409, REFUSAL_CODES[verdict.reason], verdict.message);
  // A scanner that reads a pass twice must not check the visitor in and straight out again.
  const last = timestampOf(await visitors.lastScanAt(pass.uuid));
  if (last !== null && input.now.getTime() - last < REPEAT_SCAN_MS) {
    throw conflict(SCANNED_A_MOMENT_AGO, 'PASS_JUST_SCANNED');
  }
  const scan = await visitors.recordScan({
    visitorUuid: pass.uuid,
    expectedCheckpointTimes: pass.checkpoint_times,
    scanType: verdict.scanType,
    scannedBy: principal.profileUuid,
    now: input.now,
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
