import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@contract/audit';
import { AuditEntryPanel } from '../../src/features/audit-log/audit-entry-panel';
import { changesText } from '../../src/features/audit-log/audit-text';
import { makeAuditEntry } from '../fixtures/audit';

// An entry reads as the user acted and as the forms word it: the action as done, each field by
// the form's label, a record another points at by its name.

const passIssued = makeAuditEntry(20, {
  action: 'create',
  entity: 'visitor',
  entity_uuid: 'pass-1',
  entity_label: 'Siti Aminah',
  changes: {
    site: { before: null, after: 'Alpha Towers' },
    unit: { before: null, after: 'A-12-03' },
    host_name: { before: null, after: 'Tan Mei Ling' },
    name: { before: null, after: 'Siti Aminah' },
    repeat_type: { before: null, after: 'ONE_TIME' },
    watchlist_override: { before: null, after: ['Drove through the barrier'] },
  },
});

const passCancelled = makeAuditEntry(21, {
  action: 'cancel',
  entity: 'visitor',
  entity_uuid: 'pass-1',
  entity_label: 'Siti Aminah',
  changes: { status: { before: 'VALID', after: 'CANCELLED' } },
});

function changeRows(panel: HTMLElement): string[][] {
  return within(within(panel).getByRole('table', { name: 'Changes' }))
    .getAllByRole('row')
    .map((row) => Array.from(row.children).map((cell) => cell.textContent ?? ''));
}

function showPanel(entry: AuditEntry): HTMLElement {
  render(<AuditEntryPanel entry={entry} isOpen onClose={() => undefined} />);
  return screen.getByRole('dialog');
}

describe('Audit entry wording', () => {
  it('names a pass’s site and unit as the pass form does, and the overridden watchlist', () => {
    const panel = showPanel(passIssued);
    expect(panel).toHaveAccessibleName('Create – Visitor: Siti Aminah');
    expect(changeRows(panel)).toEqual([
      ['Field', 'Before', 'After'],
      ['Site', '-', 'Alpha Towers'],
      ['Unit', '-', 'A-12-03'],
      ['Host', '-', 'Tan Mei Ling'],
      ['Visitor name', '-', 'Siti Aminah'],
      ['Pass type', '-', 'ONE_TIME'],
      ['Watchlist overridden', '-', 'Drove through the barrier'],
    ]);
  });

  it('shows a cancelled pass as a Cancel', () => {
    const panel = showPanel(passCancelled);
    expect(panel).toHaveAccessibleName('Cancel – Visitor: Siti Aminah');
    expect(
      within(panel).getByText('Action', { selector: 'dt' }).nextElementSibling,
    ).toHaveTextContent('Cancel');
    expect(changeRows(panel)).toEqual([
      ['Field', 'Before', 'After'],
      ['Status', 'VALID', 'CANCELLED'],
    ]);
  });

  it('labels the ids of an entry written before names were recorded', () => {
    const older = makeAuditEntry(22, {
      action: 'update',
      entity: 'guard',
      entity_label: 'Ahmad Faizal',
      changes: {
        security_company_uuid: { before: 'company-1', after: 'company-2' },
        set_password_link_sent_to: { before: null, after: 'ahmad@example.com' },
      },
    });
    expect(changesText(older)).toBe(
      'Company: company-1 → company-2\nSet password link sent to: - → ahmad@example.com',
    );
  });
});
