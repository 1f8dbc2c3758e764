import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmModal } from '../../components/confirm-modal';
import { ManagedList } from '../../components/managed-list';
import { deleteSupervisor, siteSupervisorsList } from './site-supervisors-slice';
import { supervisorColumns } from './supervisor-columns';
import { SupervisorFormModal } from './supervisor-form-modal';

/** /site-super: the supervisors of the companies the caller manages. */
export function SiteSupervisorsPage() {
  const dispatch = useAppDispatch();
  const deleting = useAppSelector(siteSupervisorsList.selectors.selectLoadingType) === 'delete';
  return (
    <ManagedList
      title="Site Supervisors"
      searchPlaceholder="Search by Name, Username, Staff ID..."
      list={siteSupervisorsList}
      columns={supervisorColumns}
      getRowId={(supervisor) => supervisor.uuid}
      modals={({ open, row }, close, done) => {
        const name = row?.supervisor_name ?? '';
        return (
          <>
            <SupervisorFormModal
              isOpen={open === 'add' || open === 'edit'}
              supervisor={open === 'edit' ? row : null}
              onClose={close}
              onSaved={() => done(open === 'edit' ? 'Success Edited' : 'Success Added')}
            />
            <ConfirmModal
              isOpen={open === 'delete'}
              title="Delete Confirmation"
              body={`Are you sure you want to delete ${name}?`}
              busy={deleting}
              busyText={`Deleting ${name}. Please don't close this window.`}
              onConfirm={() => {
                if (row)
                  void dispatch(deleteSupervisor(row)).then(
                    (outcome) => outcome === 'saved' && done('Success Deleted'),
                  );
              }}
              onCancel={close}
            />
          </>
        );
      }}
    />
  );
}
