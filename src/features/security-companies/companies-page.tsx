import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmModal } from '../../components/confirm-modal';
import { ManagedList } from '../../components/managed-list';
import { companiesList, deleteCompany } from './companies-slice';
import { companyColumns } from './company-columns';
import { CompanyFormModal } from './company-form-modal';

/** /security-company: the super administrator's security companies. */
export function CompaniesPage() {
  const dispatch = useAppDispatch();
  const deleting = useAppSelector(companiesList.selectors.selectLoadingType) === 'delete';
  return (
    <ManagedList
      title="Security Companies"
      searchPlaceholder="Search by Name, BRN, License No., Email..."
      list={companiesList}
      columns={companyColumns}
      getRowId={(company) => company.uuid}
      modals={({ open, row }, close, done) => (
        <>
          <CompanyFormModal
            isOpen={open === 'add' || open === 'edit'}
            company={open === 'edit' ? row : null}
            onClose={close}
            onSaved={() => done(open === 'edit' ? 'Success Updated' : 'Success Added')}
          />
          <ConfirmModal
            isOpen={open === 'delete'}
            title="Delete Security Company"
            body="Are you sure you want to delete this item?"
            busy={deleting}
            busyText={`Deleting ${row?.name ?? ''}. Please don't close this window.`}
            onConfirm={() => {
              if (row)
                void dispatch(deleteCompany(row)).then(
                  (outcome) => outcome === 'saved' && done('Success Deleted'),
                );
            }}
            onCancel={close}
          />
        </>
      )}
    />
  );
}
