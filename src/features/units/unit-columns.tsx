import { dataColumns } from '../../components/data-table';
import { RowActions } from '../../components/row-actions';
import type { Unit } from '@contract/units';

const col = dataColumns<Unit>();
const orDash = ({ getValue }: { getValue: () => string }) => getValue() || '-';

/** A site's units: the name, who owns it and the number the gate calls, and Edit. */
export function unitColumns(onEdit: (unit: Unit) => void) {
  return col.columns([
    col.accessor('name', { header: 'Unit', meta: { sortField: 'name', kind: 'code' } }),
    col.accessor('owner_name', {
      header: 'Owner',
      meta: { sortField: 'owner_name' },
      cell: orDash,
    }),
    col.accessor('contact_number', {
      header: 'Contact Number',
      meta: { sortField: 'contact_number', kind: 'code' },
      cell: orDash,
    }),
    col.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <RowActions
          subject={`unit ${row.original.name}`}
          actions={[{ kind: 'edit', onClick: () => onEdit(row.original) }]}
        />
      ),
    }),
  ]);
}
