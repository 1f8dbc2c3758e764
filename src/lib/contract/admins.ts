/** A login that uses the email asked about, as POST /admin/searchadmin lists it. */
export interface AdminEmailMatch {
  uuid: string;
  email: string;
}
