import { ActiveBadge } from '../../components/active-badge';
import { BreakAtSeparators, dataColumns } from '../../components/data-table';
import { RowActions } from '../../components/row-actions';
import type { SecurityCompany } from '@contract/security-companies';
import { formatAdminTimestamp } from '../../lib/dates';

export type CompanyRowAction = 'edit' | 'delete';

const col = dataColumns<SecurityCompany>();

/** The spec's columns; the two counts are not sortable (spec part 2 §2). */
export function companyColumns(
  onAction: (action: CompanyRowAction, company: SecurityCompany) => void,
) {
  return col.columns([
    col.accessor('name', { header: 'Security Company', meta: { sortField: 'name' } }),
    col.accessor('email', {
      header: 'Email',
      meta: { sortField: 'user_email', kind: 'id' },
      cell: ({ getValue }) => <BreakAtSeparators text={getValue() ?? ''} />,
    }),
    col.accessor('brn', {
      header: 'BRN',
      meta: { sortField: 'brn', kind: 'id' },
      cell: ({ getValue }) => <BreakAtSeparators text={getValue()} />,
    }),
    col.accessor('license_number', {
      header: 'License No.',
      meta: { sortField: 'license_number', kind: 'id' },
      cell: ({ getValue }) => <BreakAtSeparators text={getValue()} />,
    }),
    col.accessor('site_count', { header: 'No. of Sites', meta: { kind: 'code' } }),
    col.accessor('guard_count', { header: 'No. of Guards', meta: { kind: 'code' } }),
    col.accessor('created_at', {
      header: 'Created at',
      meta: { sortField: 'created_at', kind: 'when' },
      cell: ({ getValue }) => formatAdminTimestamp(getValue()),
    }),
    col.accessor('is_active', {
      header: 'Status',
      meta: { sortField: 'is_active', kind: 'code' },
      cell: ({ getValue }) => <ActiveBadge active={getValue() === 1} />,
    }),
    col.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <RowActions
          subject={row.original.name}
          actions={[
            { kind: 'edit', onClick: () => onAction('edit', row.original) },
            { kind: 'delete', onClick: () => onAction('delete', row.original) },
          ]}
        />
      ),
    }),
  ]);
}
