import {
  createSlice,
  type PayloadAction,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { errorText } from '../../api/client';
import * as incidentsApi from '../../api/incidents';
import { createApiThunk } from '../../app/api-thunk';
import { injectSlice } from '../../app/store';
import type { Incident, IncidentUpdateBody } from '@contract/incidents';
import type { IncidentStatus } from '@rules/incidents';

/** 'missing' means the server knows no such incident (or not for this user). */
type DetailsStatus = 'idle' | 'loading' | 'found' | 'missing' | 'failed';

/** What the page is saving: the status (saved at once when chosen) or the remarks and files. */
export type IncidentWrite = 'status' | 'edits';

export interface IncidentDetailsState {
  /** The incident asked for last; status and incident describe this one. */
  uuid: string | null;
  incident: Incident | null;
  status: DetailsStatus;
  saving: IncidentWrite | null;
  error: string | null;
}

const initialState: IncidentDetailsState = {
  uuid: null,
  incident: null,
  status: 'idle',
  saving: null,
  error: null,
};

export const loadIncident = createApiThunk('incidentDetails/load', incidentsApi.get);

export const incidentDetailsSlice = createSlice({
  name: 'incidentDetails',
  initialState,
  reducers: {
    errorDismissed(state) {
      state.error = null;
    },
    saveStarted(state, action: PayloadAction<IncidentWrite>) {
      state.saving = action.payload;
      state.error = null;
    },
    saved(state, action: PayloadAction<Incident>) {
      state.saving = null;
      if (state.uuid === action.payload.uuid) state.incident = action.payload;
    },
    saveFailed(state, action: PayloadAction<string>) {
      state.saving = null;
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadIncident.pending, (state, action) => {
        // Another incident must not show while this one loads.
        if (state.incident?.uuid !== action.meta.arg) state.incident = null;
        state.uuid = action.meta.arg;
        state.status = 'loading';
        state.error = null;
      })
      .addCase(loadIncident.fulfilled, (state, action) => {
        if (action.meta.arg !== state.uuid) return;
        state.incident = action.payload;
        state.status = action.payload ? 'found' : 'missing';
      })
      .addCase(loadIncident.rejected, (state, action) => {
        if (action.meta.arg !== state.uuid) return;
        state.status = 'failed';
        state.error = action.payload ?? errorText(action.error);
      });
  },
  selectors: {
    selectIncidentUuid: (state) => state.uuid,
    selectIncident: (state) => state.incident,
    selectIncidentStatus: (state) => state.status,
    selectIncidentSaving: (state) => state.saving,
    selectIncidentError: (state) => state.error,
  },
});

declare module '../../app/store' {
  interface LazyLoadedSlices {
    incidentDetails: IncidentDetailsState;
  }
}

// Injected with the incident's page, so /login carries none of this.
const withDetails = injectSlice(incidentDetailsSlice);
const { selectors } = incidentDetailsSlice;

const { saveStarted, saved, saveFailed } = incidentDetailsSlice.actions;
export const { errorDismissed } = incidentDetailsSlice.actions;
export const selectIncidentUuid = withDetails.selector(selectors.selectIncidentUuid);
export const selectIncident = withDetails.selector(selectors.selectIncident);
export const selectIncidentStatus = withDetails.selector(selectors.selectIncidentStatus);
export const selectIncidentSaving = withDetails.selector(selectors.selectIncidentSaving);
export const selectIncidentError = withDetails.selector(selectors.selectIncidentError);

/**
 * Writes the incident as the store holds it now to a Word document: an export asked for before a
 * save finished (the unsaved-changes prompt's Yes) still writes what was saved. The document code
 * loads here, on the first export.
 */
export function exportIncident(): ThunkAction<
  Promise<void>,
  { incidentDetails: IncidentDetailsState },
  unknown,
  UnknownAction
> {
  return async (_dispatch, getState) => {
    const { incident } = getState().incidentDetails;
    if (!incident) return;
    const { exportIncidentToWord } = await import('./incident-word-export');
    await exportIncidentToWord(incident);
  };
}

/** Resolves to the saved incident, or null when the save failed (its reason is the slice's error). */
type SaveThunk = ThunkAction<Promise<Incident | null>, unknown, unknown, UnknownAction>;

function patchIncident(
  write: IncidentWrite,
  uuid: string,
  body: () => Promise<IncidentUpdateBody>,
): SaveThunk {
  return async (dispatch) => {
    dispatch(saveStarted(write));
    try {
      const incident = await incidentsApi.update(uuid, await body());
      dispatch(saved(incident));
      return incident;
    } catch (error) {
      dispatch(saveFailed(errorText(error)));
      return null;
    }
  };
}

/** The status dropdown saves at once (spec part 2 §4), leaving unsaved remarks and files as they are. */
export function changeIncidentStatus(uuid: string, status: IncidentStatus): SaveThunk {
  return patchIncident('status', uuid, async () => ({ status }));
}

export interface IncidentEdits {
  actions_taken: string;
  /** The attached files still wanted, in their order. */
  keptFileUuids: readonly string[];
  /** Files added on the page, uploaded first and attached after the kept ones. */
  newFiles: readonly File[];
  onUploadProgress: (percent: number) => void;
}

/**
 * Saves the remarks and the whole file list (the API replaces it). A plain thunk: the files and
 * the progress callback stay out of the actions.
 */
export function saveIncidentEdits(uuid: string, edits: IncidentEdits): SaveThunk {
  return patchIncident('edits', uuid, async () => {
    const uploaded =
      edits.newFiles.length > 0
        ? await incidentsApi.uploadFiles(edits.newFiles, edits.onUploadProgress)
        : [];
    return {
      actions_taken: edits.actions_taken,
      files: [...edits.keptFileUuids, ...uploaded.map((file) => file.uuid)],
    };
  });
}
