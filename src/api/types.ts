/** Shapes shared by every resource of the API. */
export interface ListResponse<T> {
  resource: T[];
  meta: { count: number };
}

export interface ApiErrorBody {
  error: { code: string; message: string };
}

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  field: string;
  direction: SortDirection;
}
