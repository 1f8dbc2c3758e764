/** Every answer but the session's carries what was asked for under `resource`. */
export interface ResourceResponse<T> {
  resource: T;
}

/**
 * A list call's answer: one page of records, and how many match in all. A search that matches
 * more than the server counts (COUNT_CAP) answers the cap with `count_capped: true`; the client
 * asks `include_count=exact` when it needs the whole count.
 */
export interface ListResponse<T> extends ResourceResponse<T[]> {
  meta: { count: number; count_capped?: true };
}

/**
 * Every error's body: a code to tell errors apart, a message fit to show, and the request field
 * it is about when it is about one (an email or Guard ID already in use), for the form to mark.
 */
export interface ApiErrorBody {
  error: { code: string; message: string; field?: string };
}
