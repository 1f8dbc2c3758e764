/** Every answer but the session's carries what was asked for under `resource`. */
export interface ResourceResponse<T> {
  resource: T;
}

/** A list call's answer: one page of records, and how many match in all. */
export interface ListResponse<T> extends ResourceResponse<T[]> {
  meta: { count: number };
}

/** Every error's body: a code to tell errors apart, and a message fit to show. */
export interface ApiErrorBody {
  error: { code: string; message: string };
}
