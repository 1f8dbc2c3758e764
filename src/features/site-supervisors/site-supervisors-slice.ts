import { injectListSlice } from '../../app/store';
import { uploadPhoto } from '../../api/files';
import * as supervisorsApi from '../../api/site-supervisors';
import { createListSlice, type ListState } from '../../app/list-slice';
import { writeThenReload } from '../../app/list-writes';
import type { SiteSupervisor, SiteSupervisorBody } from '@contract/site-supervisors';

/** The Site Supervisors screen's list: by name, ascending (spec part 2 §7). */
const list = createListSlice({
  name: 'siteSupervisorsList',
  defaultSort: { field: 'supervisor_name', direction: 'asc' },
  fetchPage: async ({ offset, pageSize, sort, search }) => {
    const answer = await supervisorsApi.list({ offset, limit: pageSize, sort, search });
    return { rows: answer.resource, count: answer.meta.count };
  },
});

declare module '../../app/store' {
  interface LazyLoadedSlices {
    siteSupervisorsList: ListState<SiteSupervisor>;
  }
}

// Injected as the screen loads, not with the store, so /login carries none of this.
export const siteSupervisorsList: typeof list = injectListSlice(list);

/**
 * A newly chosen photo is uploaded first and its uuid and url go into the save (spec part 2 §4).
 * A plain thunk: the File must not travel in an action.
 */
export function saveSupervisor(uuid: string | null, body: SiteSupervisorBody, photo: File | null) {
  return writeThenReload(siteSupervisorsList, uuid ? 'update' : 'add', async () => {
    const uploaded = photo ? await uploadPhoto(photo) : null;
    const withPhoto = uploaded ? { ...body, photo: uploaded.uuid, photo_url: uploaded.url } : body;
    return uuid ? supervisorsApi.update(uuid, withPhoto) : supervisorsApi.create(withPhoto);
  });
}

export function deleteSupervisor(supervisor: SiteSupervisor) {
  return writeThenReload(siteSupervisorsList, 'delete', () =>
    supervisorsApi.remove(supervisor.uuid),
  );
}
