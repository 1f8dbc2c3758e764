import { useEffect, useState } from 'react';
import FileSpreadsheet from 'lucide-react/icons/file-spreadsheet';
import Settings from 'lucide-react/icons/settings';
import { Badge, Button, Card, CardBody, CardHeader, Col, Row } from 'reactstrap';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectRole } from '../../app/session/session-slice';
import { ErrorToast } from '../../components/error-toast';
import { LoadingOverlay } from '../../components/loading-overlay';
import type { NowSite, Shift } from '@contract/shifts';
import { RosterSettingsModal } from './roster-settings-modal';
import { ShiftStateBadge } from './shift-state-badge';
import { shiftTitle, timeOfDay } from './shift-words';
import { TimesheetModal } from './timesheet-modal';
import {
  loadNow,
  nowErrorDismissed,
  selectNowError,
  selectNowLoadedAt,
  selectNowSites,
  selectNowStatus,
} from './watch-slice';
import './watch.css';

/** How often the board asks again: the issue allows polling no more often than every 15 s. */
export const NOW_POLL_MS = 15_000;

/** Since when the guard has been on duty, or missing. */
function sinceText(shift: Shift): string {
  if (!shift.guard_uuid) return `Open place since ${timeOfDay(shift.starts_at)}`;
  if (shift.state === 'no_show') return `Missing since ${timeOfDay(shift.starts_at)}`;
  if (shift.started_at) return `On duty since ${timeOfDay(shift.started_at)}`;
  return `Expected at ${timeOfDay(shift.starts_at)}`;
}

function SiteCard({ site }: { site: NowSite }) {
  const uncovered = site.on_duty < site.needed;
  return (
    <Card className={`now-site h-100${uncovered ? ' is-uncovered' : ''}`}>
      <CardHeader className="d-flex justify-content-between align-items-center gap-2">
        <h2 className="h6 mb-0">{site.residence_name}</h2>
        <span>
          <span className="now-count">
            {site.on_duty} / {site.needed} on duty
          </span>{' '}
          {uncovered ? (
            <Badge color="danger">Uncovered</Badge>
          ) : (
            <Badge color="success">Covered</Badge>
          )}
        </span>
      </CardHeader>
      <CardBody>
        {site.shifts.length === 0 ? <p className="mb-0 text-muted">No shift in progress.</p> : null}
        <ul className="now-shifts">
          {site.shifts.map((shift) => (
            <li key={shift.uuid}>
              <span className="now-guard">{shift.guard_name ?? 'No guard assigned'}</span>{' '}
              <ShiftStateBadge state={shift.guard_uuid ? shift.state : 'no_show'} />
              <span className="d-block small text-muted">
                {shiftTitle(shift)} · {sinceText(shift)}
              </span>
            </li>
          ))}
        </ul>
        {site.unplanned.length > 0 ? (
          <details className="now-unplanned">
            <summary>
              {site.unplanned.length === 1
                ? '1 guard on duty off the roster'
                : `${site.unplanned.length} guards on duty off the roster`}
            </summary>
            <ul className="now-shifts">
              {site.unplanned.map((attendance) => (
                <li key={attendance.attendance_uuid}>
                  <span className="now-guard">{attendance.guard_name}</span>{' '}
                  <ShiftStateBadge state="unplanned" />
                  <span className="d-block small text-muted">
                    On duty since {timeOfDay(attendance.started_at)}; not counted as covering a post
                  </span>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </CardBody>
    </Card>
  );
}

/**
 * /rosters/now (issue 36): each site of the user's with its shifts in progress at this minute,
 * who is on duty, who is missing and since when. It asks again every NOW_POLL_MS.
 */
export function NowBoardPage() {
  const dispatch = useAppDispatch();
  const sites = useAppSelector(selectNowSites);
  const status = useAppSelector(selectNowStatus);
  const error = useAppSelector(selectNowError);
  const loadedAt = useAppSelector(selectNowLoadedAt);
  const role = useAppSelector(selectRole);
  const [timesheetOpen, setTimesheetOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);

  useEffect(() => {
    void dispatch(loadNow());
    const timer = setInterval(() => void dispatch(loadNow()), NOW_POLL_MS);
    return () => clearInterval(timer);
  }, [dispatch]);

  const uncovered = sites.filter((site) => site.on_duty < site.needed).length;
  return (
    <section className="position-relative">
      <h1 className="page-title">Now</h1>
      <div className="list-toolbar">
        <p className="mb-0" role="status">
          {loadedAt
            ? `${sites.length} ${sites.length === 1 ? 'site' : 'sites'}, ${uncovered} uncovered. Updated at ${new Date(loadedAt).toLocaleTimeString()}; it refreshes by itself.`
            : ''}
        </p>
        <div className="list-toolbar-actions">
          <Button color="primary" outline onClick={() => setTimesheetOpen(true)}>
            <FileSpreadsheet size={16} aria-hidden="true" />
            Timesheet
          </Button>
          {role === 'superadmin' || role === 'securitycompany' ? (
            <Button color="primary" outline onClick={() => setSettingsOpen(true)}>
              <Settings size={16} aria-hidden="true" />
              Watch settings
            </Button>
          ) : null}
        </div>
      </div>
      {status === 'loading' && loadedAt === null ? (
        <LoadingOverlay text="Fetching content..." />
      ) : null}
      {loadedAt !== null && sites.length === 0 ? (
        <p>None of your sites has a shift in progress now.</p>
      ) : null}
      <Row className="g-3">
        {sites.map((site) => (
          <Col key={site.residence_uuid} md={6} xl={4}>
            <SiteCard site={site} />
          </Col>
        ))}
      </Row>
      <TimesheetModal isOpen={timesheetOpen} onClose={() => setTimesheetOpen(false)} />
      <RosterSettingsModal isOpen={settingsOpen} onClose={() => setSettingsOpen(false)} />
      <ErrorToast message={error} onDismiss={() => dispatch(nowErrorDismissed())} />
    </section>
  );
}
