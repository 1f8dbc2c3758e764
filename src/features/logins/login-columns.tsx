import { BreakAtSeparators, dataColumns } from '../../components/data-table';
import { RowActions } from '../../components/row-actions';
import type { Login } from '@contract/logins';
import { formatAdminTimestamp } from '../../lib/dates';
import { ActiveBadge } from '../../components/active-badge';

export type LoginRowAction = 'edit' | 'history' | 'delete';

/** The Password column never shows a password, only ten asterisks (spec part 2 §9). */
export const MASKED_PASSWORD = '**********';

/** Why an Active login cannot sign in: its company is inactive. */
export const COMPANY_INACTIVE_NOTE = 'Cannot sign in: the company is inactive.';

const col = dataColumns<Login>();

/**
 * Whether a login is the one the console is signed in with. The session names its login by
 * email only (spec part 1's sign-in answer), and a login's email is unique.
 */
export const isOwnLogin = (login: Login, ownEmail: string | null) =>
  ownEmail !== null && login.user_email.toLowerCase() === ownEmail.toLowerCase();

/** `ownEmail` is the signed-in login's: its row offers no Delete, which the server refuses. */
export function loginColumns(
  onAction: (action: LoginRowAction, login: Login) => void,
  ownEmail: string | null,
) {
  return col.columns([
    col.accessor('security_company_name', {
      header: 'Security Co.',
      meta: { sortField: 'security_company_name' },
    }),
    col.accessor('user_email', {
      header: 'Username',
      meta: { sortField: 'user_email', kind: 'id' },
      cell: ({ getValue }) => <BreakAtSeparators text={getValue()} />,
    }),
    col.display({
      id: 'password',
      header: 'Password',
      meta: { kind: 'code' },
      // Read out as what it is, not as ten asterisks; role="img" lets the name stand for the text.
      cell: () => (
        <span role="img" aria-label="Password hidden">
          {MASKED_PASSWORD}
        </span>
      ),
    }),
    col.accessor((login) => login.residences.map((site) => site.residence_name).join(', '), {
      id: 'sites',
      header: 'Site',
      cell: ({ getValue }) => <span title={getValue()}>{getValue()}</span>,
    }),
    col.accessor('created_at', {
      header: 'Created at',
      meta: { sortField: 'created_at', kind: 'when' },
      cell: ({ getValue }) => formatAdminTimestamp(getValue()),
    }),
    col.accessor('is_active', {
      header: 'Status',
      meta: { sortField: 'is_active' },
      cell: ({ row }) => (
        <>
          <ActiveBadge active={row.original.is_active === 1} />
          {row.original.is_active === 1 && row.original.security_company_is_active !== 1 ? (
            <span className="d-block small text-muted">{COMPANY_INACTIVE_NOTE}</span>
          ) : null}
        </>
      ),
    }),
    col.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <RowActions
          subject={row.original.user_email}
          actions={[
            { kind: 'edit', onClick: () => onAction('edit', row.original) },
            { kind: 'history', onClick: () => onAction('history', row.original) },
            ...(isOwnLogin(row.original, ownEmail)
              ? []
              : [{ kind: 'delete' as const, onClick: () => onAction('delete', row.original) }]),
          ]}
        />
      ),
    }),
  ]);
}
