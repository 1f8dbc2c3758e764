import { useEffect, useMemo, useState } from 'react';
import Settings from 'lucide-react/icons/settings';
import { Link } from 'react-router-dom';
import { Button, FormGroup, Input, Label } from 'reactstrap';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DataTable, dataColumns, DateAndTime } from '../../components/data-table';
import { ErrorToast } from '../../components/error-toast';
import { Pagination } from '../../components/pagination';
import type { Alert } from '@contract/alerts';
import { formatTimestamp } from '../../lib/dates';
import { AlertPreferencesModal } from './alert-preferences-modal';
import { AlertKindBadge } from './alert-kind-badge';
import { alertGuardPath, alertPatrolPath, alertShareLink, alertShiftPath } from './alert-words';
import { alertsList, bellErrorDismissed, markAlertsRead, selectBellError } from './alerts-slice';
import './alerts.css';

const col = dataColumns<Alert>();

function alertColumns(onRead: (alert: Alert) => void) {
  return col.columns([
    col.accessor('created_at', {
      header: 'When',
      meta: { kind: 'when' },
      cell: ({ getValue }) => <DateAndTime text={formatTimestamp(getValue())} />,
    }),
    col.accessor('kind', {
      header: 'Alert',
      cell: ({ getValue }) => <AlertKindBadge kind={getValue()} />,
    }),
    col.accessor('message', {
      header: 'What happened',
      cell: ({ row }) => {
        const alert = row.original;
        const shiftPath = alertShiftPath(alert);
        const patrolPath = alertPatrolPath(alert);
        const guardPath = alertGuardPath(alert);
        const placePath = shiftPath ?? patrolPath;
        return (
          <>
            <span className={alert.read ? undefined : 'fw-semibold'}>{alert.message}</span>
            {placePath || guardPath ? (
              <span className="d-block small">
                {shiftPath ? <Link to={shiftPath}>Shift on the roster</Link> : null}
                {patrolPath ? (
                  <Link to={patrolPath}>{alert.patrol_uuid ? 'The round' : 'Patrols'}</Link>
                ) : null}
                {placePath && guardPath ? ' · ' : null}
                {guardPath ? <Link to={guardPath}>{alert.guard_name ?? 'Guard'}</Link> : null}
              </span>
            ) : null}
          </>
        );
      },
    }),
    col.accessor((alert) => alert.residence_name ?? '-', { id: 'site', header: 'Site' }),
    col.accessor((alert) => (alert.read ? 'Read' : 'Unread'), { id: 'read', header: 'Status' }),
    col.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => {
        const alert = row.original;
        return (
          <div className="d-flex gap-2 flex-wrap">
            <a
              className="btn btn-sm btn-outline-success"
              href={alertShareLink(alert)}
              target="_blank"
              rel="noreferrer"
              aria-label={`Share on WhatsApp: ${alert.message}`}
            >
              WhatsApp
            </a>
            {alert.read ? null : (
              <Button
                size="sm"
                color="light"
                aria-label={`Mark read: ${alert.message}`}
                onClick={() => onRead(alert)}
              >
                Mark read
              </Button>
            )}
          </div>
        );
      },
    }),
  ]);
}

const { selectRows, selectCount, selectPage, selectSort, selectLoading, selectError, selectScope } =
  alertsList.selectors;

/**
 * /alerts (issue 36): the user's alerts, newest first, with links to the shift and the guard,
 * read per user; and which alerts the user gets, per site.
 */
export function AlertsPage() {
  const dispatch = useAppDispatch();
  const rows = useAppSelector(selectRows);
  const count = useAppSelector(selectCount);
  const page = useAppSelector(selectPage);
  const sort = useAppSelector(selectSort);
  const loading = useAppSelector(selectLoading);
  const error = useAppSelector(selectError);
  const bellError = useAppSelector(selectBellError);
  const unreadOnly = useAppSelector(selectScope).unread === '1';
  const [settingsOpen, setSettingsOpen] = useState(false);

  useEffect(() => {
    void dispatch(alertsList.changeScope({}));
  }, [dispatch]);

  const columns = useMemo(
    () =>
      alertColumns((alert) => {
        void dispatch(markAlertsRead({ uuids: [alert.uuid] })).then(() =>
          dispatch(alertsList.load()),
        );
      }),
    [dispatch],
  );

  return (
    <section>
      <h1 className="page-title">Alerts</h1>
      <div className="list-toolbar">
        <FormGroup switch className="mb-0">
          <Input
            id="alerts-unread-only"
            type="switch"
            role="switch"
            checked={unreadOnly}
            onChange={(event) =>
              void dispatch(alertsList.changeScope(event.target.checked ? { unread: '1' } : {}))
            }
          />
          <Label for="alerts-unread-only" check>
            Unread only
          </Label>
        </FormGroup>
        <div className="list-toolbar-actions">
          <Button
            color="light"
            onClick={() =>
              void dispatch(markAlertsRead({ all: true })).then(() => dispatch(alertsList.load()))
            }
          >
            Mark all read
          </Button>
          <Button color="primary" outline onClick={() => setSettingsOpen(true)}>
            <Settings size={16} aria-hidden="true" />
            Alert settings
          </Button>
        </div>
      </div>
      <DataTable<Alert>
        label="Alerts"
        columns={columns}
        rows={rows}
        sort={sort}
        loading={loading}
        getRowId={(alert) => alert.uuid}
        onSortChange={() => undefined}
      />
      {!loading && rows.length === 0 ? (
        <p className="text-muted">{unreadOnly ? 'No unread alerts.' : 'No alerts yet.'}</p>
      ) : null}
      <Pagination
        page={page}
        count={count}
        onPageChange={(next) => void dispatch(alertsList.changePage(next))}
      />
      <AlertPreferencesModal isOpen={settingsOpen} onClose={() => setSettingsOpen(false)} />
      <ErrorToast
        message={error ?? bellError}
        onDismiss={() => {
          dispatch(alertsList.actions.errorDismissed());
          dispatch(bellErrorDismissed());
        }}
      />
    </section>
  );
}
