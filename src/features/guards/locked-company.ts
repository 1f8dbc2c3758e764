import type { RootState } from '../../app/store';

/**
 * The company a non-superadmin's guards belong to, from its role: the guard form preselects it and
 * locks the choice. Null for the super administrator, who may choose any company.
 */
export function selectLockedCompanyUuid(state: RootState): string | null {
  const role = state.session.profile?.roles[0];
  if (!role || role.type === 'superadmin') return null;
  return role.security_company_uuid;
}
