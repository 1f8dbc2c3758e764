import type { Incident } from '@contract/incidents';
import { BreakAtSeparators, dataColumns } from '../../components/data-table';
import { RowActions } from '../../components/row-actions';
import { formatTimestamp } from '../../lib/dates';
import { IncidentStatusBadge } from './incident-status-badge';
import { reporterOf } from './incident-text';

const col = dataColumns<Incident>();

/** What a site's own Incidents tab hides until a user shows it: the column naming the site. */
export const SITE_TAB_HIDDEN: readonly string[] = ['residence_name'];

/** The spec's columns (part 2 §2); View opens the incident's page, as a row click does. */
export function incidentColumns(onView: (incident: Incident) => void) {
  return col.columns([
    col.accessor('created_at', {
      header: 'Created at',
      meta: { sortField: 'created_at', kind: 'when' },
      cell: ({ getValue }) => formatTimestamp(getValue()),
    }),
    col.accessor('status', {
      header: 'Status',
      meta: { sortField: 'status', kind: 'code' },
      cell: ({ getValue }) => <IncidentStatusBadge status={getValue()} />,
    }),
    col.display({
      id: 'reporter',
      header: 'Reporter',
      // A name, or the email of a login that has none: broken only at its separators.
      meta: { kind: 'id' },
      cell: ({ row }) => <BreakAtSeparators text={reporterOf(row.original)} />,
    }),
    col.accessor('residence_name', { header: 'Site', meta: { sortField: 'residence_name' } }),
    col.accessor('category_name', { header: 'Category' }),
    col.accessor('description', { header: 'Description' }),
    col.accessor('actions_taken', { header: 'Remarks' }),
    col.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <RowActions
          subject={row.original.kg_incident_id}
          actions={[{ kind: 'view', onClick: () => onView(row.original) }]}
        />
      ),
    }),
  ]);
}
