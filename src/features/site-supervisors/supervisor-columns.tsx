import { BreakAtSeparators, dataColumns } from '../../components/data-table';
import { RowActions } from '../../components/row-actions';
import type { SiteSupervisor } from '@contract/site-supervisors';
import { formatAdminTimestamp } from '../../lib/dates';
import { ActiveBadge } from '../../components/active-badge';

export type SupervisorRowAction = 'edit' | 'delete';

/** The supervisor's sites with the guard service, as No. of Sites and Site count them. */
function guardedSites(supervisor: SiteSupervisor) {
  return supervisor.kg_residence_supervisors.filter(
    (site) => site.residence_kipleguard_enabled === 1,
  );
}

const col = dataColumns<SiteSupervisor>();

export function supervisorColumns(
  onAction: (action: SupervisorRowAction, supervisor: SiteSupervisor) => void,
) {
  return col.columns([
    col.accessor('supervisor_name', { header: 'Name', meta: { sortField: 'supervisor_name' } }),
    col.accessor('supervisor_email', {
      header: 'Username',
      meta: { sortField: 'supervisor_email', kind: 'id' },
      cell: ({ getValue }) => <BreakAtSeparators text={getValue()} />,
    }),
    col.display({
      id: 'site_count',
      header: 'No. of Sites',
      meta: { kind: 'code' },
      cell: ({ row }) => guardedSites(row.original).length,
    }),
    col.accessor(
      (supervisor) =>
        guardedSites(supervisor)
          .map((site) => site.residence_name)
          .join(', '),
      {
        id: 'sites',
        header: 'Site',
        // The names in a tooltip (spec part 2 §2), whether or not the cell had to clip them.
        cell: ({ getValue }) => <span title={getValue()}>{getValue()}</span>,
      },
    ),
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
          subject={row.original.supervisor_name}
          actions={[
            { kind: 'edit', onClick: () => onAction('edit', row.original) },
            { kind: 'delete', onClick: () => onAction('delete', row.original) },
          ]}
        />
      ),
    }),
  ]);
}
