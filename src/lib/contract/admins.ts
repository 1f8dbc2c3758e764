/**
 * A login that uses the email asked about, as POST /admin/searchadmin lists it: only matches
 * within the caller's scope are listed; meta.count counts every match.
 */
export interface AdminEmailMatch {
  uuid: string;
}
