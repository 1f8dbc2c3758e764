import type { Guard } from '@contract/guards';
import { BreakAtSeparators, dataColumns } from '../../components/data-table';
import { RowActions } from '../../components/row-actions';
import type { GuardModal } from './guard-modals';
import { PinCell } from './pin-cell';

/** Marks a linked site whose guard service is off, as the guard form does. */
export const SERVICE_OFF_MARK = '(guard service off)';

/**
 * Names of the guard's sites that have the guard service on, comma separated. On the Guards tab
 * of a site whose service is off (`shownSite`), that site is named too, marked, so each row says
 * why it is listed there.
 */
export function guardSiteNames(guard: Guard, shownSite?: string): string {
  return guard.kg_residence_guards
    .filter((site) => site.residence_kipleguard_enabled === 1 || site.residence_uuid === shownSite)
    .map((site) =>
      site.residence_kipleguard_enabled === 1
        ? site.residence_name
        : `${site.residence_name} ${SERVICE_OFF_MARK}`,
    )
    .join(', ');
}

const col = dataColumns<Guard>();

/**
 * The All tab's columns (or a site's Guards tab, `shownSite`); the actions open the screen's edit
 * and delete modals.
 */
export function guardColumns(
  openModal: (modal: GuardModal, guard: Guard) => void,
  shownSite?: string,
) {
  return col.columns([
    col.accessor('guard_id', {
      header: 'Guard ID',
      meta: { sortField: 'guard_id', kind: 'code' },
    }),
    // A PIN shows on an explicit reveal, and never on a site's Guards tab: that page is open at
    // the guardhouse, where a kiosk is set up.
    ...(shownSite
      ? []
      : [
          col.display({
            id: 'pin',
            header: 'User pin',
            meta: { kind: 'code' },
            cell: ({ row }) => <PinCell guard={row.original} />,
          }),
        ]),
    col.accessor('security_company_name', { header: 'Company' }),
    col.accessor('name', { header: 'Name', meta: { sortField: 'name' } }),
    col.accessor('email', {
      header: 'Email',
      meta: { kind: 'id' },
      cell: ({ getValue }) => <BreakAtSeparators text={getValue() ?? ''} />,
    }),
    col.display({
      id: 'sites',
      header: 'Site',
      cell: ({ row }) => guardSiteNames(row.original, shownSite),
    }),
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
