import { useEffect, useId, useMemo, useState } from 'react';
import { Button, FormGroup, Input, Label } from 'reactstrap';
import Plus from 'lucide-react/icons/plus';
import type { Round } from '@contract/rounds';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmModal } from '../../components/confirm-modal';
import { DataTable } from '../../components/data-table';
import { ErrorToast } from '../../components/error-toast';
import { Pagination } from '../../components/pagination';
import { clearIfShown, SuccessAlert } from '../../components/success-alert';
import { roundColumns, type RoundAction } from './round-columns';
import { RoundFormModal } from './round-form-modal';
import { retireRound, roundsList, roundsSelectors } from './rounds-slice';

const {
  selectRows,
  selectCount,
  selectCountCapped,
  selectPage,
  selectSort,
  selectLoading,
  selectLoadingType,
  selectError,
} = roundsSelectors;

/**
 * A site's patrol rounds (the Patrols screen and a site's Patrols tab): add, change, retire.
 * Retired ones are shown on request.
 */
export function RoundsList({ residenceUuid }: { residenceUuid: string }) {
  const dispatch = useAppDispatch();
  const rows = useAppSelector(selectRows);
  const count = useAppSelector(selectCount);
  const countCapped = useAppSelector(selectCountCapped);
  const page = useAppSelector(selectPage);
  const sort = useAppSelector(selectSort);
  const loading = useAppSelector(selectLoading);
  const loadingType = useAppSelector(selectLoadingType);
  const error = useAppSelector(selectError);
  const [showRetired, setShowRetired] = useState(false);
  const [open, setOpen] = useState<'add' | RoundAction | null>(null);
  // Kept after closing, so the closing fade still names it.
  const [chosen, setChosen] = useState<Round | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const retiredId = useId();
  const columns = useMemo(
    () =>
      roundColumns((action, round) => {
        setChosen(round);
        setOpen(action);
      }),
    [],
  );

  useEffect(() => {
    void dispatch(
      roundsList.changeScope(
        showRetired
          ? { residence_uuid: residenceUuid, show: 'all' }
          : { residence_uuid: residenceUuid },
      ),
    );
  }, [dispatch, residenceUuid, showRetired]);

  async function retire() {
    if (!chosen) return;
    const outcome = await dispatch(retireRound(chosen.uuid));
    setOpen(null);
    if (outcome === 'saved') setNotice('Round retired');
  }

  return (
    <>
      <SuccessAlert message={notice} onDone={clearIfShown(setNotice)} />
      <div className="list-toolbar">
        <div className="list-toolbar-actions ms-auto">
          <FormGroup switch className="mb-0 align-self-center">
            <Input
              id={retiredId}
              type="switch"
              role="switch"
              checked={showRetired}
              onChange={(event) => setShowRetired(event.target.checked)}
            />
            <Label for={retiredId} check>
              Show retired rounds
            </Label>
          </FormGroup>
          <Button
            color="primary"
            onClick={() => {
              setChosen(null);
              setOpen('add');
            }}
          >
            <Plus size={16} />
            Add Round
          </Button>
        </div>
      </div>
      <DataTable<Round>
        label="Rounds"
        columns={columns}
        rows={rows}
        sort={sort}
        loading={loading}
        getRowId={(round) => round.uuid}
        onSortChange={(next) => void dispatch(roundsList.changeSort(next))}
      />
      <Pagination
        page={page}
        count={count}
        countCapped={countCapped}
        onPageChange={(next) => void dispatch(roundsList.changePage(next))}
        onLastPage={() => void dispatch(roundsList.lastPage())}
      />
      <RoundFormModal
        isOpen={open === 'add' || open === 'edit'}
        round={open === 'add' ? null : chosen}
        residenceUuid={residenceUuid}
        onClose={() => setOpen(null)}
        onSaved={(added) => {
          setOpen(null);
          setNotice(added ? 'Success Added' : 'Success Edited');
        }}
      />
      <ConfirmModal
        isOpen={open === 'retire'}
        title="Retire Round"
        body={`Retire ${chosen?.name ?? ''}? It will no longer be due; the rounds walked keep their record.`}
        confirmLabel="Retire"
        busy={loadingType === 'update' && open === 'retire'}
        busyText={`Retiring ${chosen?.name ?? ''}. Please don't close this window.`}
        onConfirm={() => void retire()}
        onCancel={() => setOpen(null)}
      />
      <ErrorToast message={error} onDismiss={() => dispatch(roundsList.actions.errorDismissed())} />
    </>
  );
}
