import { useEffect, useState } from 'react';
import FileSpreadsheet from 'lucide-react/icons/file-spreadsheet';
import { Button } from 'reactstrap';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { LoadingOverlay } from '../../components/loading-overlay';
import { isCancelled, longDay, shiftTimes } from './roster-week';
import { loadUpcomingShifts, selectUpcoming, UPCOMING_DAYS } from './shifts-slice';
import { TimesheetModal } from './timesheet-modal';

/**
 * A guard's shifts of today and the next days (a guard's details page), cancelled ones marked,
 * and the guard's timesheet for a period.
 */
export function UpcomingShifts({ guardUuid, guardName }: { guardUuid: string; guardName: string }) {
  const [timesheetOpen, setTimesheetOpen] = useState(false);
  return (
    <>
      <div className="d-flex justify-content-end mb-2">
        <Button color="primary" outline onClick={() => setTimesheetOpen(true)}>
          <FileSpreadsheet size={16} aria-hidden="true" />
          Timesheet
        </Button>
      </div>
      <UpcomingShiftsTable guardUuid={guardUuid} />
      <TimesheetModal
        isOpen={timesheetOpen}
        onClose={() => setTimesheetOpen(false)}
        guard={{ uuid: guardUuid, name: guardName }}
      />
    </>
  );
}

function UpcomingShiftsTable({ guardUuid }: { guardUuid: string }) {
  const dispatch = useAppDispatch();
  const upcoming = useAppSelector(selectUpcoming);
  const current = upcoming.guardUuid === guardUuid;

  useEffect(() => {
    void dispatch(loadUpcomingShifts(guardUuid));
  }, [dispatch, guardUuid]);

  if (!current || upcoming.status === 'loading' || upcoming.status === 'idle') {
    return (
      <div className="position-relative py-5">
        <LoadingOverlay />
      </div>
    );
  }
  if (upcoming.status === 'failed') {
    return (
      <p role="alert" className="text-danger">
        {upcoming.error}
      </p>
    );
  }
  if (upcoming.shifts.length === 0) {
    return <p>No shifts in the next {UPCOMING_DAYS} days.</p>;
  }
  return (
    <table className="table" aria-busy="false">
      <caption className="visually-hidden">Upcoming shifts</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Shift</th>
          <th scope="col">Time</th>
          <th scope="col">Site</th>
        </tr>
      </thead>
      <tbody>
        {upcoming.shifts.map((shift) => (
          <tr key={shift.uuid}>
            <td>{longDay(shift.date)}</td>
            <td>
              {shift.name}
              {isCancelled(shift) ? (
                <span className="badge text-bg-secondary ms-2">Cancelled</span>
              ) : null}
            </td>
            <td>{shiftTimes(shift)}</td>
            <td>{shift.residence_name}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
