import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../store';

/**
 * The company a non-superadmin's guards belong to, from its role: the guard form preselects it and
 * locks the choice. Null for the super administrator, who may choose any company.
 */
export function selectLockedCompanyUuid(state: RootState): string | null {
  const role = state.session.profile?.roles[0];
  if (!role || role.type === 'superadmin') return null;
  return role.security_company_uuid;
}

/**
 * A site supervisor's own sites, one per role: the only sites whose guard links it may change,
 * and at least one of them must stay linked. Null for the other roles, which sites do not limit.
 */
export const selectOwnSiteUuids = createSelector(
  [(state: RootState) => state.session.profile?.roles],
  (roles): string[] | null => {
    if (roles?.[0]?.type !== 'sitesupervisor') return null;
    return roles.flatMap((role) => (role.residence_uuid ? [role.residence_uuid] : []));
  },
);
