import {
  createAsyncThunk,
  createSlice,
  type PayloadAction,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { errorText } from '../api/client';
import type { SortState } from '../api/types';
import { PAGE_SIZE } from '../lib/constants';

/** What a screen asks the server for; every list call is built from this. */
export interface ListQuery {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** (page - 1) * pageSize, the API's offset. */
  offset: number;
  sort: SortState;
  /** Trimmed search text; '' means no keyword filter. */
  search: string;
  /** Fixed filters set by the screen, e.g. { residence_uuid } on a site's tab. */
  scope: Record<string, string>;
  /**
   * false asks the server not to count (include_count=false), for a caller that knows the count
   * already (the next pages of a list, an export's later pages); 'exact' asks it to count a
   * search whole rather than up to its cap. Left out, the server counts up to its cap.
   */
  includeCount?: boolean | 'exact';
}

export interface ListPage<Row> {
  rows: Row[];
  /** Every record matching the query; null only when the query asked for no count. */
  count: number | null;
  /** The search matched more than the server counts: `count` is its cap. */
  countCapped?: boolean;
}

/** The state machine of the list fetch itself. */
export type ListStatus = 'idle' | 'loading' | 'succeeded' | 'failed';
/** Writes a screen performs around its list; each shows its own busy text. */
export type MutationType = 'add' | 'update' | 'delete' | 'checkinout';
/**
 * What the screen is busy with (spec part 1 §4): 'list' during a fetch, a mutation type while one
 * runs, 'error' after either failed, null when idle. The latest event wins.
 */
export type LoadingType = 'list' | MutationType | 'error';

export interface ListState<Row> {
  rows: Row[];
  /** Total records on the server for the current search and scope (meta.count). */
  count: number;
  /** More match than the server counted: `count` is its cap (the pagination shows "N+"). */
  countCapped: boolean;
  page: number;
  pageSize: number;
  sort: SortState;
  search: string;
  scope: Record<string, string>;
  status: ListStatus;
  loadingType: LoadingType | null;
  error: string | null;
  /** The latest load's request id: only that request may write rows, so late answers are dropped. */
  requestId: string | null;
  /**
   * The search, scope and sort `count` was made for (countKey); a page change of that same list
   * reuses the count rather than asking the server to count again.
   */
  countedFor: string | null;
}

/** What a load may skip: the count, when only the page changed since the last count. */
export interface LoadOptions {
  reuseCount?: boolean;
}

/** The parts of a list that decide its count (and its order): a change of one needs a new count. */
function countKey(state: Pick<ListState<unknown>, 'search' | 'scope' | 'sort'>): string {
  return JSON.stringify([state.search, state.scope, state.sort]);
}

export interface ListSliceOptions<Row, Name extends string> {
  /** Also the slice's key in the root state, e.g. 'guardsList'. */
  name: Name;
  defaultSort: SortState;
  pageSize?: number;
  fetchPage: (query: ListQuery) => Promise<ListPage<Row>>;
}

/** The part of the root state a list slice needs: itself, under its name. */
export type ListRootState<Name extends string, Row> = { [K in Name]: ListState<Row> };

export function toListQuery<Row>(state: ListState<Row>): ListQuery {
  return {
    page: state.page,
    pageSize: state.pageSize,
    offset: (state.page - 1) * state.pageSize,
    sort: state.sort,
    search: state.search,
    scope: state.scope,
  };
}

/**
 * Makes one entity's list slice: page, sort, search, scope, loading and error handled once here.
 * Mount it as `reducer: { [list.reducerPath]: list.reducer }`.
 */
export function createListSlice<Row, Name extends string>({
  name,
  defaultSort,
  pageSize = PAGE_SIZE,
  fetchPage,
}: ListSliceOptions<Row, Name>) {
  const initialState: ListState<Row> = {
    rows: [],
    count: 0,
    countCapped: false,
    page: 1,
    pageSize,
    sort: defaultSort,
    search: '',
    scope: {},
    status: 'idle',
    loadingType: null,
    error: null,
    requestId: null,
    countedFor: null,
  };

  /**
   * Fetches the page the slice currently points at, with its count; a page change of a list
   * already counted asks for the page alone (`reuseCount`).
   */
  const load = createAsyncThunk.withTypes<{
    state: ListRootState<Name, Row>;
    rejectValue: string;
  }>()(`${name}/load`, async (options: LoadOptions | void, { getState, rejectWithValue }) => {
    const list = getState()[name];
    const reuse = options?.reuseCount === true && list.countedFor === countKey(list);
    try {
      return await fetchPage({ ...toListQuery(list), ...(reuse ? { includeCount: false } : {}) });
    } catch (error) {
      return rejectWithValue(errorText(error));
    }
  });

  /** Counts the list whole (include_count=exact), for the last page of a search counted to its cap. */
  const countExactly = createAsyncThunk.withTypes<{
    state: ListRootState<Name, Row>;
    rejectValue: string;
  }>()(`${name}/countExactly`, async (_, { getState, rejectWithValue }) => {
    try {
      return (await fetchPage({ ...toListQuery(getState()[name]), includeCount: 'exact' })).count;
    } catch (error) {
      return rejectWithValue(errorText(error));
    }
  });

  const slice = createSlice({
    name,
    initialState,
    reducers: {
      pageChanged(state, action: PayloadAction<number>) {
        state.page = action.payload;
      },
      sortChanged(state, action: PayloadAction<SortState>) {
        state.sort = action.payload;
        state.page = 1;
      },
      searchSubmitted(state, action: PayloadAction<string>) {
        state.search = action.payload.trim();
        state.page = 1;
      },
      /** A different scope is a different list: start over at page 1 with no search. */
      scopeSet(state, action: PayloadAction<Record<string, string>>) {
        state.scope = action.payload;
        state.page = 1;
        state.search = '';
      },
      errorDismissed(state) {
        state.error = null;
        if (state.loadingType === 'error') state.loadingType = null;
      },
      mutationStarted(state, action: PayloadAction<MutationType>) {
        state.loadingType = action.payload;
        state.error = null;
      },
      mutationSucceeded(state) {
        state.loadingType = null;
      },
      /** The write was refused at one field: the form shows it there, so no toast. */
      mutationRefused(state) {
        state.loadingType = null;
      },
      mutationFailed(state, action: PayloadAction<string>) {
        state.loadingType = 'error';
        state.error = action.payload;
      },
    },
    extraReducers: (builder) => {
      builder
        .addCase(load.pending, (state, action) => {
          state.requestId = action.meta.requestId;
          state.status = 'loading';
          state.loadingType = 'list';
          state.error = null;
        })
        .addCase(load.fulfilled, (state, action) => {
          if (action.meta.requestId !== state.requestId) return state;
          // Returned rather than assigned: immer cannot relate Row to its Draft<Row> for a generic Row.
          const counted = action.payload.count !== null;
          return {
            ...state,
            rows: action.payload.rows,
            // Without a count, the page belongs to the list already counted.
            count: action.payload.count ?? state.count,
            countCapped: counted ? action.payload.countCapped === true : state.countCapped,
            countedFor: counted ? countKey(state) : state.countedFor,
            status: 'succeeded' as const,
            loadingType: null,
          };
        })
        .addCase(countExactly.fulfilled, (state, action) => {
          if (action.payload === null) return;
          state.count = action.payload;
          state.countCapped = false;
          state.countedFor = countKey(state);
        })
        .addCase(countExactly.rejected, (state, action) => {
          state.loadingType = 'error';
          state.error = action.payload ?? action.error.message ?? 'Request failed.';
        })
        .addCase(load.rejected, (state, action) => {
          if (action.meta.requestId !== state.requestId) return;
          state.status = 'failed';
          state.loadingType = 'error';
          state.error = action.payload ?? action.error.message ?? 'Request failed.';
        });
    },
    selectors: {
      selectRows: (state) => state.rows,
      selectCount: (state) => state.count,
      selectCountCapped: (state) => state.countCapped,
      selectPage: (state) => state.page,
      selectPageSize: (state) => state.pageSize,
      selectSort: (state) => state.sort,
      selectSearch: (state) => state.search,
      selectScope: (state) => state.scope,
      selectStatus: (state) => state.status,
      /** True while the list itself is being fetched (the table's overlay). */
      selectLoading: (state) => state.status === 'loading',
      selectLoadingType: (state) => state.loadingType,
      selectError: (state) => state.error,
    },
  });

  const { pageChanged, sortChanged, searchSubmitted, scopeSet } = slice.actions;

  /** An event followed by a reload; resolves when the reload settles. */
  type ReloadThunk = ThunkAction<
    ReturnType<ReturnType<typeof load>>,
    ListRootState<Name, Row>,
    unknown,
    UnknownAction
  >;
  const reloadAfter =
    (event: UnknownAction, options?: LoadOptions): ReloadThunk =>
    (dispatch) => {
      dispatch(event);
      return dispatch(load(options));
    };

  return {
    name,
    reducerPath: slice.reducerPath,
    reducer: slice.reducer,
    actions: slice.actions,
    selectors: slice.selectors,
    load,
    /** The user pages through the same list: its count stands. */
    changePage: (page: number) => reloadAfter(pageChanged(page), { reuseCount: true }),
    /** After a write: the page afresh, and a new count. */
    reloadPage: (page: number) => reloadAfter(pageChanged(page)),
    /**
     * The last page. A search counted to the server's cap is counted whole first (once: the
     * pages after reuse that count), so Last leads to the real last page.
     */
    lastPage:
      (): ThunkAction<Promise<void>, ListRootState<Name, Row>, unknown, UnknownAction> =>
      async (dispatch, getState) => {
        if (getState()[name].countCapped) await dispatch(countExactly());
        const { count, pageSize: size } = getState()[name];
        await dispatch(
          reloadAfter(pageChanged(Math.max(1, Math.ceil(count / size))), {
            reuseCount: true,
          }),
        );
      },
    changeSort: (sort: SortState) => reloadAfter(sortChanged(sort)),
    submitSearch: (text: string) => reloadAfter(searchSubmitted(text)),
    changeScope: (scope: Record<string, string>) => reloadAfter(scopeSet(scope)),
  };
}
