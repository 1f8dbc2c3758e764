import { BreakAtSeparators, dataColumns } from '../../components/data-table';
import { RowActions } from '../../components/row-actions';
import type { WatchlistEntry } from '@contract/watchlist';
import { formatAdminTimestamp } from '../../lib/dates';

export type WatchlistRowAction = 'edit' | 'delete';

/** What names the entry's person in a sentence: the name, else the first number given. */
export function watchedSubject(entry: WatchlistEntry): string {
  return (
    entry.name ||
    entry.car_plate_number ||
    entry.ic_passport_number ||
    entry.phone_number ||
    'this entry'
  );
}

const col = dataColumns<WatchlistEntry>();
const orDash = ({ getValue }: { getValue: () => string }) => getValue() || '-';

export function watchlistColumns(
  onAction: (action: WatchlistRowAction, entry: WatchlistEntry) => void,
) {
  return col.columns([
    col.accessor('name', { header: 'Name', meta: { sortField: 'name' }, cell: orDash }),
    col.accessor('ic_passport_number', {
      header: 'IC/Passport No.',
      meta: { sortField: 'ic_passport_number', kind: 'code' },
      cell: orDash,
    }),
    col.accessor('car_plate_number', {
      header: 'Car Plate Number',
      meta: { sortField: 'car_plate_number', kind: 'code' },
      cell: orDash,
    }),
    col.accessor('phone_number', {
      header: 'Phone',
      meta: { sortField: 'phone_number', kind: 'code' },
      cell: orDash,
    }),
    col.accessor((entry) => entry.residence_name ?? 'All sites', {
      id: 'site',
      header: 'Site',
      cell: ({ getValue, row }) => (
        <span title={row.original.security_company_name}>{getValue()}</span>
      ),
    }),
    col.accessor('reason', {
      header: 'Reason',
      meta: { sortField: 'reason' },
      cell: ({ getValue }) => <BreakAtSeparators text={getValue()} />,
    }),
    col.accessor('created_at', {
      header: 'Created at',
      meta: { sortField: 'created_at', kind: 'when' },
      cell: ({ getValue }) => formatAdminTimestamp(getValue()),
    }),
    col.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <RowActions
          subject={watchedSubject(row.original)}
          actions={[
            { kind: 'edit', onClick: () => onAction('edit', row.original) },
            { kind: 'delete', onClick: () => onAction('delete', row.original) },
          ]}
        />
      ),
    }),
  ]);
}
