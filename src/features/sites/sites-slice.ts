import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { errorText } from '../../api/client';
import { uploadPhoto } from '../../api/files';
import * as sitesApi from '../../api/sites';
import type { Site, SiteInput } from '@contract/sites';
import { createApiThunk } from '../../app/api-thunk';
import { createListSlice, type ListRootState } from '../../app/list-slice';

export const sitesList = createListSlice({
  name: 'sitesList',
  defaultSort: { field: 'created_at', direction: 'desc' },
  fetchPage: async ({ offset, pageSize, sort, search }) => {
    const answer = await sitesApi.list({ offset, limit: pageSize, sort, search });
    return { rows: answer.resource, count: answer.meta.count };
  },
});

export const { errorDismissed } = sitesList.actions;
const { mutationStarted, mutationSucceeded, mutationFailed } = sitesList.actions;

/** Resolves true when the write succeeded; a failure is in the slice's error for the toast. */
type SitesThunk = ThunkAction<
  Promise<boolean>,
  ListRootState<'sitesList', Site>,
  unknown,
  UnknownAction
>;

export interface SaveSiteRequest {
  /** Absent for a new site. */
  uuid?: string;
  input: Omit<SiteInput, 'file_uuid'>;
  /** A newly chosen cover photo, uploaded before the site is saved. */
  cover: File | null;
}

/**
 * Uploads the cover photo first (its uuid goes into the save), then creates or updates the site
 * and reloads the list. A plain thunk rather than createAsyncThunk: the File would otherwise
 * travel in the actions' meta, which must stay serializable.
 */
export function saveSite({ uuid, input, cover }: SaveSiteRequest): SitesThunk {
  return async (dispatch) => {
    dispatch(mutationStarted(uuid ? 'update' : 'add'));
    try {
      const fileUuid = cover ? (await uploadPhoto(cover)).uuid : undefined;
      const body: SiteInput = fileUuid ? { ...input, file_uuid: fileUuid } : input;
      if (uuid) {
        await sitesApi.update(uuid, body);
      } else {
        await sitesApi.create(body);
      }
    } catch (error) {
      dispatch(mutationFailed(errorText(error)));
      return false;
    }
    dispatch(mutationSucceeded());
    // The list is newest first, so a new site shows on page 1.
    await dispatch(uuid ? sitesList.load() : sitesList.reloadPage(1));
    return true;
  };
}

/** What saving the site under another company (null: none) would end; the form asks first. */
export const checkSiteMove = createApiThunk(
  'sites/moveChecked',
  ({ uuid, companyUuid }: { uuid: string; companyUuid: string | null }) =>
    sitesApi.siteMove(uuid, companyUuid),
);

/** Soft-deletes a site, then reloads; steps back a page when the deleted row was the last one. */
export function deleteSite(site: Site): SitesThunk {
  return async (dispatch, getState) => {
    dispatch(mutationStarted('delete'));
    try {
      await sitesApi.remove(site.uuid);
    } catch (error) {
      dispatch(mutationFailed(errorText(error)));
      return false;
    }
    dispatch(mutationSucceeded());
    await dispatch(sitesList.load());
    const { rows, page } = getState().sitesList;
    if (rows.length === 0 && page > 1) await dispatch(sitesList.reloadPage(page - 1));
    return true;
  };
}
