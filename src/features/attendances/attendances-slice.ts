import { injectListSlice } from '../../app/store';
import type { Attendance } from '@contract/attendances';
import * as attendancesApi from '../../api/attendances';
import { createListSlice, type ListState } from '../../app/list-slice';

const list = createListSlice({
  name: 'attendancesList',
  defaultSort: { field: 'created_at', direction: 'desc' },
  fetchPage: attendancesApi.list,
});

declare module '../../app/store' {
  interface LazyLoadedSlices {
    attendancesList: ListState<Attendance>;
  }
}

// Injected as the screen loads, not with the store, so /login carries none of this.
export const attendancesList: typeof list = injectListSlice(list);
