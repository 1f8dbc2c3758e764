import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { errorText } from '../../api/client';
import * as incidentsApi from '../../api/incidents';
import type { Incident, IncidentAddBody } from '@contract/incidents';
import { createListSlice, type ListRootState, type ListState } from '../../app/list-slice';
import { injectSlice } from '../../app/store';

export const incidentsList = createListSlice({
  name: 'incidentsList',
  defaultSort: { field: 'created_at', direction: 'desc' },
  fetchPage: incidentsApi.list,
});

declare module '../../app/store' {
  interface LazyLoadedSlices {
    incidentsList: ListState<Incident>;
  }
}

// Injected as the incidents screens load, not with the store, so /login carries none of this.
const withIncidents = injectSlice(incidentsList);
const { selectors } = incidentsList;

/** The list's selectors; they read its initial state until the slice's first action. */
export const incidentsSelectors = {
  selectRows: withIncidents.selector(selectors.selectRows),
  selectCount: withIncidents.selector(selectors.selectCount),
  selectCountCapped: withIncidents.selector(selectors.selectCountCapped),
  selectPage: withIncidents.selector(selectors.selectPage),
  selectSort: withIncidents.selector(selectors.selectSort),
  selectLoading: withIncidents.selector(selectors.selectLoading),
  selectLoadingType: withIncidents.selector(selectors.selectLoadingType),
  selectError: withIncidents.selector(selectors.selectError),
};

const { mutationStarted, mutationSucceeded, mutationFailed } = incidentsList.actions;

/** Resolves true when the add succeeded; a failure is in the list's error, for the toast. */
type IncidentsThunk = ThunkAction<
  Promise<boolean>,
  ListRootState<'incidentsList', Incident>,
  unknown,
  UnknownAction
>;

export interface IncidentSubmission {
  body: Omit<IncidentAddBody, 'files'>;
  /** Photos and videos already checked by the picker, uploaded before the incident is added. */
  files: readonly File[];
  /** Whole percent of the files' bytes sent; the modal shows it while large files upload. */
  onUploadProgress: (percent: number) => void;
}

/**
 * Uploads the files first (their uuids go into the add), adds the incident and reloads the
 * list from page 1, where the newest incident shows. A plain thunk rather than createAsyncThunk:
 * the files and the progress callback would otherwise travel in the actions' meta.
 */
export function addIncident({ body, files, onUploadProgress }: IncidentSubmission): IncidentsThunk {
  return async (dispatch) => {
    dispatch(mutationStarted('add'));
    try {
      const uploaded =
        files.length > 0 ? await incidentsApi.uploadFiles(files, onUploadProgress) : [];
      await incidentsApi.create({ ...body, files: uploaded.map((file) => file.uuid) });
    } catch (error) {
      dispatch(mutationFailed(errorText(error)));
      return false;
    }
    dispatch(mutationSucceeded());
    await dispatch(incidentsList.reloadPage(1));
    return true;
  };
}
