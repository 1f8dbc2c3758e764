import { Badge } from 'reactstrap';
import type { Round } from '@contract/rounds';
import { dataColumns } from '../../components/data-table';
import { RowActions } from '../../components/row-actions';

/** What a row's action opens; the list decides. */
export type RoundAction = 'edit' | 'retire';

const col = dataColumns<Round>();

/** When the round is due, in words: 'At 02:00, 22:00' or 'Every 2 h through Night'. */
export function scheduleText(
  round: Pick<Round, 'schedule_kind' | 'times' | 'every_hours' | 'pattern_name'>,
) {
  return round.schedule_kind === 'times'
    ? `At ${round.times.join(', ')}`
    : `Every ${round.every_hours ?? '?'} h through ${round.pattern_name ?? 'a removed pattern'}`;
}

/** A site's rounds: name, checkpoints in order, schedule, time allowed, status and actions. */
export function roundColumns(onAction: (action: RoundAction, round: Round) => void) {
  return col.columns([
    col.accessor('name', { header: 'Round', meta: { sortField: 'name' } }),
    col.display({
      id: 'checkpoints',
      header: 'Checkpoints',
      cell: ({ row }) => {
        const round = row.original;
        const names = round.checkpoints.map((point) =>
          point.retired ? `${point.name} (retired)` : point.name,
        );
        return `${round.in_order ? 'In order' : 'Any order'}: ${names.join(round.in_order ? ' → ' : ', ')}`;
      },
    }),
    col.display({ id: 'schedule', header: 'Due', cell: ({ row }) => scheduleText(row.original) }),
    col.accessor('allowed_minutes', {
      header: 'Time allowed',
      meta: { sortField: 'allowed_minutes', kind: 'code' },
      cell: ({ getValue }) => `${getValue()} min`,
    }),
    col.accessor('retired_at', {
      header: 'Status',
      meta: { sortField: 'retired_at', kind: 'code' },
      cell: ({ getValue }) =>
        getValue() === null ? (
          <Badge color="success" pill>
            In use
          </Badge>
        ) : (
          <Badge color="secondary" pill>
            Retired
          </Badge>
        ),
    }),
    col.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => {
        const round = row.original;
        if (round.retired_at !== null) return '–';
        return (
          <RowActions
            subject={`round ${round.name}`}
            actions={[
              { kind: 'edit', onClick: () => onAction('edit', round) },
              { kind: 'retire', onClick: () => onAction('retire', round) },
            ]}
          />
        );
      },
    }),
  ]);
}
