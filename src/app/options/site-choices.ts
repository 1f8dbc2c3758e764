import { useEffect, useState } from 'react';
import * as sitesApi from '../../api/sites';
import type { SiteOption } from '../../api/sites';
import { createApiThunk } from '../api-thunk';
import { useAppDispatch } from '../hooks';

/**
 * Which sites a form or screen offers: a company's own (supervisors), those it may be given
 * (companies), or the caller's own with the guard service (a screen's site picker, as the server
 * scopes them).
 */
export type SiteChoicesQuery =
  | { kind: 'of-company'; companyUuid: string }
  | { kind: 'assignable'; companyUuid: string | null }
  | { kind: 'mine' };

export const loadSiteChoices = createApiThunk('siteChoices/loaded', (query: SiteChoicesQuery) => {
  switch (query.kind) {
    case 'of-company':
      return sitesApi.listOptions(query.companyUuid);
    case 'assignable':
      return sitesApi.listAssignable(query.companyUuid);
    case 'mine':
      return sitesApi.listOptions();
  }
});

/**
 * The sites a form offers, loaded whenever the query changes; an answer to an older query is
 * dropped, so a quick change of company never shows the previous company's sites. Null asks nothing.
 */
export function useSiteChoices(query: SiteChoicesQuery | null) {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<{
    sites: SiteOption[];
    loading: boolean;
    error: string | null;
  }>({ sites: [], loading: false, error: null });
  const key = query
    ? `${query.kind}:${'companyUuid' in query ? (query.companyUuid ?? '') : ''}`
    : null;

  useEffect(() => {
    if (!query) {
      setState({ sites: [], loading: false, error: null });
      return undefined;
    }
    setState({ sites: [], loading: true, error: null });
    const request = dispatch(loadSiteChoices(query));
    void request.then((result) => {
      if (loadSiteChoices.fulfilled.match(result)) {
        setState({ sites: result.payload, loading: false, error: null });
      } else if (!result.meta.aborted) {
        setState({ sites: [], loading: false, error: result.payload ?? 'Request failed.' });
      }
    });
    return () => request.abort();
    // `key` stands for the query's content: a new object with the same content asks nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, dispatch]);

  return state;
}
