import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../hooks';
import { canReadAudit } from '../navigation';
import { BackLink } from '../../components/back-link';
import { LoadingOverlay } from '../../components/loading-overlay';
import { Tabs } from '../../components/tabs';
import { AttendanceList } from '../../features/attendances/attendance-list';
import { AuditList } from '../../features/audit-log/audit-list';
import { AUDIT_TEXT } from '../../features/audit-log/audit-text';
import { selectRole } from '../session/session-slice';
import { GuardErrorToast } from '../../features/guards/guard-error-toast';
import { GuardModals, useGuardModals } from '../../features/guards/guard-modals';
import { GuardProfile } from '../../features/guards/guard-profile';
import {
  loadGuardProfile,
  selectProfileGuard,
  selectProfileStatus,
  selectProfileUuid,
} from '../../features/guards/guard-profile-slice';
import { GUARD_DELETED } from '../../features/guards/guards-list';
import { UpcomingShifts } from '../../features/shifts/upcoming-shifts';

/**
 * /guard-details/:uuid: the Profile, Attendance and Upcoming shifts tabs, and History for those
 * who read the audit trail; an unknown guard leaves for the list.
 */
export function GuardDetailsPage() {
  const { uuid = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const profileUuid = useAppSelector(selectProfileUuid);
  const status = useAppSelector(selectProfileStatus);
  const guard = useAppSelector(selectProfileGuard);
  const withHistory = canReadAudit(useAppSelector(selectRole));
  const modals = useGuardModals();

  useEffect(() => {
    void dispatch(loadGuardProfile(uuid));
  }, [dispatch, uuid]);

  // The store may still describe the guard of an earlier visit until this uuid is asked for.
  const current = profileUuid === uuid;
  if (current && status === 'missing') return <Navigate to="/security-guards" replace />;
  const shown = current && guard?.uuid === uuid ? guard : null;

  return (
    <section className="position-relative">
      <h1 className="page-title">Guard Details</h1>
      <BackLink to="/security-guards">Back to Guards</BackLink>
      {!shown && (!current || status === 'loading') ? <LoadingOverlay /> : null}
      {shown ? (
        <>
          <Tabs
            label="Guard details"
            tabs={[
              {
                id: 'profile',
                label: 'Profile',
                render: () => <GuardProfile guard={shown} openModal={modals.show} />,
              },
              {
                id: 'attendance',
                label: 'Attendance',
                render: () => <AttendanceList guardUuid={shown.uuid} />,
              },
              {
                id: 'upcoming-shifts',
                label: 'Upcoming shifts',
                render: () => <UpcomingShifts guardUuid={shown.uuid} guardName={shown.name} />,
              },
              ...(withHistory
                ? [
                    {
                      id: 'history',
                      label: AUDIT_TEXT.historyTab,
                      render: () => <AuditList entityUuid={shown.uuid} />,
                    },
                  ]
                : []),
            ]}
          />
          <GuardModals
            open={modals.open}
            guard={modals.guard}
            onClose={modals.close}
            onDeleted={() =>
              navigate('/security-guards', { replace: true, state: { notice: GUARD_DELETED } })
            }
          />
        </>
      ) : null}
      <GuardErrorToast />
    </section>
  );
}
