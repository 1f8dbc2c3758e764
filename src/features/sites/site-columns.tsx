import { Badge } from 'reactstrap';
import type { Site } from '@contract/sites';
import { dataColumns } from '../../components/data-table';
import { RowActions, type RowAction } from '../../components/row-actions';

/** The row actions a column cell can ask for; the page decides what each opens. */
export type SiteRowAction = 'view' | 'edit' | 'delete';

export interface SiteColumnOptions {
  onAction: (action: SiteRowAction, site: Site) => void;
  /** Edit and Delete are for the super administrator only. */
  canManage: boolean;
}

function SiteStatusBadge({ status }: { status: string }) {
  const active = status === 'ACTIVE';
  return (
    <Badge color={active ? 'success' : 'secondary'} pill>
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

function SiteActions({ site, onAction, canManage }: SiteColumnOptions & { site: Site }) {
  const view: RowAction = { kind: 'view', onClick: () => onAction('view', site) };
  const manage: RowAction[] = [
    { kind: 'edit', onClick: () => onAction('edit', site) },
    { kind: 'delete', onClick: () => onAction('delete', site) },
  ];
  return <RowActions subject={site.name} actions={canManage ? [view, ...manage] : [view]} />;
}

const col = dataColumns<Site>();

/** The sites table: every column but Actions sorts on the server by its own field. */
export function siteColumns(options: SiteColumnOptions) {
  return col.columns([
    col.accessor('name', { header: 'Site', meta: { sortField: 'name' } }),
    col.accessor('address', { header: 'Address', meta: { sortField: 'address' } }),
    col.accessor('type', { header: 'Type', meta: { sortField: 'type' } }),
    col.accessor('security_company_name', {
      header: 'Security Co.',
      meta: { sortField: 'security_company_name' },
      cell: ({ getValue }) => getValue() ?? '–',
    }),
    col.accessor('status', {
      header: 'Status',
      meta: { sortField: 'status', kind: 'code' },
      cell: ({ getValue }) => <SiteStatusBadge status={getValue()} />,
    }),
    col.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => <SiteActions site={row.original} {...options} />,
    }),
  ]);
}
