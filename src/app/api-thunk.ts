import { createAsyncThunk } from '@reduxjs/toolkit';
import { errorText } from '../api/client';

/**
 * A thunk around one API call: it answers the call's result, or rejects with the error's text
 * (errorText), which is what every screen shows. `Arg` is void for a call without an argument.
 */
export function createApiThunk<Returned, Arg = void>(
  type: string,
  call: (arg: Arg) => Promise<Returned>,
) {
  return createAsyncThunk<Returned, Arg, { rejectValue: string }>(
    type,
    async (arg, { rejectWithValue }) => {
      try {
        return await call(arg);
      } catch (error) {
        return rejectWithValue(errorText(error));
      }
    },
  );
}
