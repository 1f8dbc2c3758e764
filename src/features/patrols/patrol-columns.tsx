import { Link } from 'react-router-dom';
import type { Patrol } from '@contract/patrols';
import { dataColumns } from '../../components/data-table';
import { RowActions } from '../../components/row-actions';
import { PatrolStateBadge } from './patrol-state-badge';
import { clockOf, scannedText } from './patrol-words';

const col = dataColumns<Patrol>();

/** The rounds walked: due, round, state, guard, times, checkpoints scanned, and the details. */
export function patrolColumns(onView: (patrol: Patrol) => void) {
  return col.columns([
    col.accessor('due_at', {
      header: 'Due',
      meta: { sortField: 'due_at', kind: 'code' },
      cell: ({ row }) => `${clockOf(row.original.due_at)}–${clockOf(row.original.closes_at)}`,
    }),
    col.accessor('round_name', { header: 'Round' }),
    col.accessor('state', {
      header: 'State',
      meta: { sortField: 'state' },
      cell: ({ getValue }) => <PatrolStateBadge state={getValue()} />,
    }),
    col.accessor((patrol) => patrol.guard_name ?? '-', {
      id: 'guard',
      header: 'Walked by',
      cell: ({ row, getValue }) =>
        row.original.guard_uuid ? (
          <Link to={`/guard-details/${encodeURIComponent(row.original.guard_uuid)}`}>
            {getValue()}
          </Link>
        ) : (
          '-'
        ),
    }),
    col.accessor((patrol) => clockOf(patrol.started_at) || '-', {
      id: 'started',
      header: 'Started',
      meta: { kind: 'code' },
    }),
    col.accessor(
      (patrol) => (patrol.minutes_taken === null ? '-' : `${patrol.minutes_taken} min`),
      {
        id: 'taken',
        header: 'Time taken',
        meta: { kind: 'code' },
      },
    ),
    col.accessor((patrol) => scannedText(patrol), {
      id: 'scanned',
      header: 'Checkpoints',
      meta: { kind: 'code' },
    }),
    col.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <RowActions
          subject={`round ${row.original.round_name} due ${clockOf(row.original.due_at)}`}
          actions={[{ kind: 'view', onClick: () => onView(row.original) }]}
        />
      ),
    }),
  ]);
}
