import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { LoadingOverlay } from '../../components/loading-overlay';
import { isCancelled, longDay, shiftTimes } from './roster-week';
import { loadUpcomingShifts, selectUpcoming, UPCOMING_DAYS } from './shifts-slice';

/** A guard's shifts of today and the next days (a guard's details page), cancelled ones marked. */
export function UpcomingShifts({ guardUuid }: { guardUuid: string }) {
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
