import { createAsyncThunk, type UnknownAction } from '@reduxjs/toolkit';
import { isEmailInUse } from '../../api/admins';
import { errorText, fieldRefusalOf, type FieldRefusal } from '../../api/client';
import { uploadPhoto } from '../../api/files';
import * as guardsApi from '../../api/guards';
import type { GuardSaveBody } from '../../api/guards';
import type { UploadedFile } from '@contract/files';
import type { Guard, GuardPayload } from '@contract/guards';
import { createApiThunk } from '../../app/api-thunk';
import { createListSlice, type MutationType } from '../../app/list-slice';
import { endFailedWrite } from '../../app/list-writes';
import { DELETE_RELOAD_DELAY_MS } from '../../lib/constants';
import { generatePin } from '@rules/guards';

export const guardsList = createListSlice({
  name: 'guardsList',
  defaultSort: { field: 'created_at', direction: 'desc' },
  fetchPage: guardsApi.list,
});

const { mutationStarted, mutationSucceeded } = guardsList.actions;

type Dispatch = (action: UnknownAction) => unknown;

/**
 * Runs one write with the list's loading type set for its duration; a failure becomes the list's
 * error (the screen's toast) or, when the API named a field, a mark at that field, and the
 * thunk's rejection (so the modal leaves its busy view).
 */
async function asMutation<T, Rejection>(
  type: MutationType,
  dispatch: Dispatch,
  reject: (error: unknown) => Rejection,
  write: () => Promise<T>,
): Promise<T | Rejection> {
  dispatch(mutationStarted(type));
  try {
    const result = await write();
    dispatch(mutationSucceeded());
    return result;
  } catch (error) {
    endFailedWrite(guardsList.actions, dispatch, error);
    return reject(error);
  }
}

export interface GuardSubmission {
  payload: GuardPayload;
  /** A newly chosen photo, uploaded before the guard is saved. */
  photo: File | null;
}

/** The chosen photo could not be uploaded, e.g. the server refused it (413, 415). */
class PhotoUploadFailed extends Error {}

/** An upload's uuid and url become the guard's photo and photo_url. */
async function withUploadedPhoto(submission: GuardSubmission): Promise<GuardSaveBody> {
  if (!submission.photo) return submission.payload;
  let uploaded: UploadedFile;
  try {
    uploaded = await uploadPhoto(submission.photo);
  } catch (error) {
    throw new PhotoUploadFailed(errorText(error));
  }
  return { ...submission.payload, photo: uploaded.uuid, photo_url: uploaded.url };
}

/**
 * How an add or edit failed, beyond the message the screen's toast already shows: a failed
 * upload's reason also goes under the form's Photo field, and a refusal at a field (Guard ID
 * already in use) goes to that field instead of the toast.
 */
export interface GuardSaveFailure {
  /** The upload's reason when the photo was what failed; null when the failure lay elsewhere. */
  photoError: string | null;
  refusal: FieldRefusal | null;
}

function saveFailure(error: unknown): GuardSaveFailure {
  return {
    photoError: error instanceof PhotoUploadFailed ? error.message : null,
    refusal: fieldRefusalOf(error),
  };
}

const createGuardThunk = createAsyncThunk.withTypes<{ rejectValue: string }>();
const createSaveThunk = createAsyncThunk.withTypes<{ rejectValue: GuardSaveFailure }>();

/** Whether a login already uses the email: a guard may not take it. */
export const checkEmailInUse = createApiThunk('guards/emailChecked', isEmailInUse);

/** Creates the guard with a new PIN; the answer carries the PIN to show once. */
export const addGuard = createSaveThunk(
  'guards/added',
  (submission: GuardSubmission, { dispatch, rejectWithValue }) =>
    asMutation(
      'add',
      dispatch,
      (error) => rejectWithValue(saveFailure(error)),
      async () =>
        guardsApi.create({ ...(await withUploadedPhoto(submission)), pin: generatePin() }),
    ),
);

export const editGuard = createSaveThunk(
  'guards/edited',
  (edit: GuardSubmission & { uuid: string }, { dispatch, rejectWithValue }) =>
    asMutation(
      'update',
      dispatch,
      (error) => rejectWithValue(saveFailure(error)),
      async () => guardsApi.update(edit.uuid, await withUploadedPhoto(edit)),
    ),
);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Deletes the guard, then holds the 'delete' state for the spec's delay, so the locked modal stays
 * up until the list reloads without the guard and 'Record has been deleted.' can show.
 */
export const deleteGuard = createGuardThunk(
  'guards/deleted',
  (guard: Guard, { dispatch, rejectWithValue }) =>
    asMutation(
      'delete',
      dispatch,
      (error) => rejectWithValue(errorText(error)),
      async () => {
        await guardsApi.remove(guard.uuid);
        await wait(DELETE_RELOAD_DELAY_MS);
        return guard.uuid;
      },
    ),
);

/** A new random PIN replaces the old one; the answer carries it to show once. */
export const renewPin = createGuardThunk(
  'guards/pinRenewed',
  (uuid: string, { dispatch, rejectWithValue }) =>
    asMutation(
      'update',
      dispatch,
      (error) => rejectWithValue(errorText(error)),
      () => guardsApi.updatePin(uuid, generatePin()),
    ),
);
