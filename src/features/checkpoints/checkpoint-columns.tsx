import { Badge } from 'reactstrap';
import type { Checkpoint } from '@contract/checkpoints';
import { dataColumns } from '../../components/data-table';
import { RowActions } from '../../components/row-actions';

/** What a row's action opens; the list decides. */
export type CheckpointAction = 'edit' | 'sticker' | 'retire';

const col = dataColumns<Checkpoint>();

/** '3.1579000, 101.7123000' to 7 decimals, as a site's coordinates show; '–' with none. */
export function positionText(checkpoint: Pick<Checkpoint, 'latitude' | 'longitude'>): string {
  const { latitude, longitude } = checkpoint;
  return latitude === null || longitude === null
    ? '–'
    : `${latitude.toFixed(7)}, ${longitude.toFixed(7)}`;
}

/**
 * A site's checkpoints: name, what to check, position, in use or retired, and the actions (every
 * console role keeps the checkpoints of its sites).
 */
export function checkpointColumns(
  onAction: (action: CheckpointAction, checkpoint: Checkpoint) => void,
) {
  return col.columns([
    col.accessor('name', { header: 'Checkpoint', meta: { sortField: 'name' } }),
    col.accessor('instructions', {
      header: 'What to check',
      meta: { sortField: 'instructions' },
      cell: ({ getValue }) => getValue() || '–',
    }),
    col.display({
      id: 'position',
      header: 'Position',
      cell: ({ row }) => positionText(row.original),
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
        const checkpoint = row.original;
        // A retired checkpoint is kept as it was, for the rounds walked past it.
        if (checkpoint.retired_at !== null) return '–';
        const act = (action: CheckpointAction) => () => onAction(action, checkpoint);
        return (
          <RowActions
            subject={`checkpoint ${checkpoint.name}`}
            actions={[
              { kind: 'edit', onClick: act('edit') },
              { kind: 'sticker', onClick: act('sticker') },
              { kind: 'retire', onClick: act('retire') },
            ]}
          />
        );
      },
    }),
  ]);
}
