import * as attendancesApi from '../../api/attendances';
import { createListSlice } from '../../app/list-slice';

export const attendancesList = createListSlice({
  name: 'attendancesList',
  defaultSort: { field: 'created_at', direction: 'desc' },
  fetchPage: attendancesApi.list,
});
