import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmModal } from '../../components/confirm-modal';
import { ManagedList } from '../../components/managed-list';
import { watchedSubject, watchlistColumns } from './watchlist-columns';
import { WatchlistFormModal } from './watchlist-form-modal';
import { deleteWatchlistEntry, watchlistList } from './watchlist-slice';

/**
 * /watchlist (issue 23): the people a company does not want let in, at one of its sites or all
 * of them. A pass for one of them is refused unless a company user overrides it.
 */
export function WatchlistPage() {
  const dispatch = useAppDispatch();
  const deleting = useAppSelector(watchlistList.selectors.selectLoadingType) === 'delete';
  return (
    <ManagedList
      title="Watchlist"
      searchPlaceholder="Search by Name, IC/Passport, Car Plate, Phone, Reason..."
      list={watchlistList}
      columns={watchlistColumns}
      getRowId={(entry) => entry.uuid}
      modals={({ open, row }, close, done) => {
        const subject = row ? watchedSubject(row) : '';
        return (
          <>
            <WatchlistFormModal
              isOpen={open === 'add' || open === 'edit'}
              entry={open === 'edit' ? row : null}
              onClose={close}
              onSaved={() => done(open === 'edit' ? 'Success Edited' : 'Success Added')}
            />
            <ConfirmModal
              isOpen={open === 'delete'}
              title="Delete Confirmation"
              body={`Are you sure you want to remove ${subject} from the watchlist?`}
              busy={deleting}
              busyText={`Deleting ${subject}. Please don't close this window.`}
              onConfirm={() => {
                if (row)
                  void dispatch(deleteWatchlistEntry(row)).then(
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
