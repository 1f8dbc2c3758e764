import { injectListSlice } from '../../app/store';
import * as companiesApi from '../../api/security-companies';
import * as sitesApi from '../../api/sites';
import { createApiThunk } from '../../app/api-thunk';
import { createListSlice, type ListState } from '../../app/list-slice';
import { writeThenReload } from '../../app/list-writes';
import type { SecurityCompany, SecurityCompanyBody } from '@contract/security-companies';

/** The Security Companies screen's list: name ascending by default (spec part 2 §9). */
const list = createListSlice({
  name: 'companiesList',
  defaultSort: { field: 'name', direction: 'asc' },
  fetchPage: async ({ offset, pageSize, sort, search }) => {
    const answer = await companiesApi.list({ offset, limit: pageSize, sort, search });
    return { rows: answer.resource, count: answer.meta.count };
  },
});

declare module '../../app/store' {
  interface LazyLoadedSlices {
    companiesList: ListState<SecurityCompany>;
  }
}

// Injected as the screen loads, not with the store, so /login carries none of this.
export const companiesList: typeof list = injectListSlice(list);

export function saveCompany(uuid: string | null, body: SecurityCompanyBody) {
  return writeThenReload(companiesList, uuid ? 'update' : 'add', () =>
    uuid ? companiesApi.update(uuid, body) : companiesApi.create(body),
  );
}

/**
 * What each site the company form gives up would end (its move to no company), in the order
 * asked; the form asks before saving. One preview failing fails them all.
 */
export const checkSitesGivenUp = createApiThunk(
  'companies/sitesGivenUpChecked',
  (uuids: string[]) => Promise.all(uuids.map((uuid) => sitesApi.siteMove(uuid, null))),
);

export function deleteCompany(company: SecurityCompany) {
  return writeThenReload(companiesList, 'delete', () => companiesApi.remove(company.uuid));
}
