/**
 * Shared computers: `auth:session:end` resets every slice that holds a learner's data
 * (STYLE practice 7). The convention: such a slice adds
 *
 *   extraReducers: (builder) => { resetOnSessionEnd(builder, initialState); … }
 *
 * so the next learner at the same computer never sees the previous one's data.
 * (The auth slice handles auth:session:end itself, keeping the end reason for the login page.)
 */
import type { ActionReducerMapBuilder } from '@reduxjs/toolkit';
import { sessionEnd } from './events';

export function resetOnSessionEnd<S>(builder: ActionReducerMapBuilder<S>, initialState: S): void {
  builder.addCase(sessionEnd, () => initialState);
}
