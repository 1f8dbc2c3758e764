import type { Guard } from '@contract/guards';
import { dataColumns } from '../../components/data-table';
import { RowActions } from '../../components/row-actions';
import type { GuardModal } from './guard-modals';

/** Names of the guard's sites that have the guard service on, comma separated. */
export function guardSiteNames(guard: Guard): string {
  return guard.kg_residence_guards
    .filter((site) => site.residence_kipleguard_enabled === 1)
    .map((site) => site.residence_name)
    .join(', ');
}

const col = dataColumns<Guard>();

/** The All tab's columns; the actions open the screen's edit and delete modals. */
export function guardColumns(openModal: (modal: GuardModal, guard: Guard) => void) {
  return col.columns([
    col.accessor('guard_id', { header: 'Guard ID', meta: { sortField: 'guard_id' } }),
    col.accessor('pin', { header: 'User pin', cell: ({ getValue }) => getValue() ?? '-' }),
    col.accessor('security_company_name', { header: 'Company' }),
    col.accessor('name', { header: 'Name', meta: { sortField: 'name' } }),
    col.accessor('email', { header: 'Email', cell: ({ getValue }) => getValue() ?? '' }),
    col.display({ id: 'sites', header: 'Site', cell: ({ row }) => guardSiteNames(row.original) }),
    col.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <RowActions
          subject={row.original.name}
          actions={[
            { kind: 'edit', onClick: () => openModal('edit', row.original) },
            { kind: 'delete', onClick: () => openModal('delete', row.original) },
          ]}
        />
      ),
    }),
  ]);
}
