import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, FormGroup, Input, Label } from 'reactstrap';
import Plus from 'lucide-react/icons/plus';
import Printer from 'lucide-react/icons/printer';
import type { Checkpoint } from '@contract/checkpoints';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmModal } from '../../components/confirm-modal';
import { DataTable } from '../../components/data-table';
import { ErrorToast } from '../../components/error-toast';
import { Pagination } from '../../components/pagination';
import { SearchBox } from '../../components/search-box';
import { clearIfShown, SuccessAlert } from '../../components/success-alert';
import { checkpointColumns, type CheckpointAction } from './checkpoint-columns';
import { CheckpointFormModal } from './checkpoint-form-modal';
import {
  checkpointsList,
  checkpointsSelectors,
  replaceSticker,
  retireCheckpoint,
} from './checkpoints-slice';
import { stickerSheetPath } from './sticker-sheet-path';

const {
  selectRows,
  selectCount,
  selectCountCapped,
  selectPage,
  selectSort,
  selectLoading,
  selectLoadingType,
  selectError,
} = checkpointsSelectors;

type Open = 'add' | CheckpointAction;

/**
 * A site's patrol checkpoints (the Patrols screen and a site's Patrols tab): add, change, give a
 * new sticker, retire; print the site's sheet of stickers. Retired ones are shown on request.
 */
export function CheckpointsList({ residenceUuid }: { residenceUuid: string }) {
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
  const [open, setOpen] = useState<Open | null>(null);
  // Kept after closing, so the closing fade still names it.
  const [chosen, setChosen] = useState<Checkpoint | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const retiredId = useId();
  const columns = useMemo(
    () =>
      checkpointColumns((action, checkpoint) => {
        setChosen(checkpoint);
        setOpen(action);
      }),
    [],
  );

  useEffect(() => {
    void dispatch(
      checkpointsList.changeScope(
        showRetired
          ? { residence_uuid: residenceUuid, show: 'all' }
          : { residence_uuid: residenceUuid },
      ),
    );
  }, [dispatch, residenceUuid, showRetired]);

  async function confirm(action: 'retire' | 'sticker') {
    if (!chosen) return;
    const outcome = await dispatch(
      action === 'retire' ? retireCheckpoint(chosen.uuid) : replaceSticker(chosen.uuid),
    );
    setOpen(null);
    if (outcome === 'saved') {
      setNotice(
        action === 'retire'
          ? 'Checkpoint retired'
          : 'New sticker made: print it and replace the old one',
      );
    }
  }

  const busy = loadingType === 'update';
  return (
    <>
      <SuccessAlert message={notice} onDone={clearIfShown(setNotice)} />
      <div className="list-toolbar">
        <div className="list-toolbar-search">
          <SearchBox
            placeholder="Search by Checkpoint, What to check..."
            onSearch={(text) => void dispatch(checkpointsList.submitSearch(text))}
          />
        </div>
        <div className="list-toolbar-actions">
          <FormGroup switch className="mb-0 align-self-center">
            <Input
              id={retiredId}
              type="switch"
              role="switch"
              checked={showRetired}
              onChange={(event) => setShowRetired(event.target.checked)}
            />
            <Label for={retiredId} check>
              Show retired
            </Label>
          </FormGroup>
          <Link className="btn btn-outline-secondary" to={stickerSheetPath(residenceUuid)}>
            <Printer size={16} aria-hidden="true" />
            Print stickers
          </Link>
          <Button
            color="primary"
            onClick={() => {
              setChosen(null);
              setOpen('add');
            }}
          >
            <Plus size={16} />
            Add Checkpoint
          </Button>
        </div>
      </div>
      <DataTable<Checkpoint>
        label="Checkpoints"
        columns={columns}
        rows={rows}
        sort={sort}
        loading={loading}
        getRowId={(checkpoint) => checkpoint.uuid}
        onSortChange={(next) => void dispatch(checkpointsList.changeSort(next))}
      />
      <Pagination
        page={page}
        count={count}
        countCapped={countCapped}
        onPageChange={(next) => void dispatch(checkpointsList.changePage(next))}
        onLastPage={() => void dispatch(checkpointsList.lastPage())}
      />
      <CheckpointFormModal
        isOpen={open === 'add' || open === 'edit'}
        checkpoint={open === 'add' ? null : chosen}
        residenceUuid={residenceUuid}
        onClose={() => setOpen(null)}
        onSaved={(added) => {
          setOpen(null);
          setNotice(added ? 'Success Added' : 'Success Edited');
        }}
      />
      <ConfirmModal
        isOpen={open === 'sticker'}
        title="New Sticker"
        body={`Make a new sticker for ${chosen?.name ?? ''}? The old sticker will no longer scan.`}
        confirmLabel="Make new sticker"
        confirmColor="primary"
        busy={busy && open === 'sticker'}
        busyText="Making the new sticker. Please don't close this window."
        onConfirm={() => void confirm('sticker')}
        onCancel={() => setOpen(null)}
      />
      <ConfirmModal
        isOpen={open === 'retire'}
        title="Retire Checkpoint"
        body={`Retire ${chosen?.name ?? ''}? Rounds will no longer pass it, and its sticker will no longer scan.`}
        confirmLabel="Retire"
        busy={busy && open === 'retire'}
        busyText={`Retiring ${chosen?.name ?? ''}. Please don't close this window.`}
        onConfirm={() => void confirm('retire')}
        onCancel={() => setOpen(null)}
      />
      <ErrorToast
        message={error}
        onDismiss={() => dispatch(checkpointsList.actions.errorDismissed())}
      />
    </>
  );
}
