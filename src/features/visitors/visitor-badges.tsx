import type { VisitorRow } from '@contract/visitors';
import { isOverdue } from '@rules/visitor-pass';
import type { HealthCode } from '../../lib/visitor-health';
import { OVERSTAY } from './visitor-quick-filters';
import { latestScanText } from './visitor-text';
import './visitors.css';

/** The health code as a coloured badge that also says its colour, so colour is never alone. */
export function HealthCodeBadge({ code }: { code: HealthCode }) {
  return <span className={`badge health-code health-code-${code.toLowerCase()}`}>{code}</span>;
}

/** IN, OUT or NOT YET ARRIVED, and an Overstay badge for a visitor inside past the pass's window. */
export function ScanStatus({ pass, now }: { pass: VisitorRow; now: Date }) {
  return (
    <span className="d-inline-flex flex-wrap align-items-center gap-1">
      <span>{latestScanText(pass)}</span>
      {isOverdue(pass, now) ? <span className="badge text-bg-danger">{OVERSTAY}</span> : null}
    </span>
  );
}
