/** Forgot / reset / change password: one status per form; the values stay in the forms. */
import type { ApiProblem } from '../../api/apiProblem';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { resetOnSessionEnd } from '../auth';

export type PasswordStatus = 'idle' | 'pending' | 'succeeded' | 'failed';
export type ResetLinkStatus = 'unchecked' | 'checking' | 'valid' | 'invalid';

export interface PasswordState {
  forgot: { status: PasswordStatus; message: string | null; error: ApiProblem | null };
  resetLink: { status: ResetLinkStatus; message: string | null };
  reset: { status: PasswordStatus; error: ApiProblem | null };
  change: { status: PasswordStatus; message: string | null; error: ApiProblem | null };
}

export const initialPasswordState: PasswordState = {
  forgot: { status: 'idle', message: null, error: null },
  resetLink: { status: 'unchecked', message: null },
  reset: { status: 'idle', error: null },
  change: { status: 'idle', message: null, error: null },
};

const passwordSlice = createSlice({
  name: 'password',
  initialState: initialPasswordState,
  reducers: {
    forgotRequested(state, _action: PayloadAction<{ login: string }>) {
      state.forgot = { status: 'pending', message: null, error: null };
    },
    forgotAnswered(state, action: PayloadAction<{ message: string }>) {
      state.forgot = { status: 'succeeded', message: action.payload.message, error: null };
    },
    forgotFailed(state, action: PayloadAction<ApiProblem>) {
      state.forgot = { status: 'failed', message: null, error: action.payload };
    },
    resetLinkOpened(state, _action: PayloadAction<{ code: string }>) {
      state.resetLink = { status: 'checking', message: null };
      state.reset = { status: 'idle', error: null };
    },
    resetLinkChecked(state, action: PayloadAction<{ valid: boolean; message?: string }>) {
      state.resetLink = { status: action.payload.valid ? 'valid' : 'invalid', message: action.payload.message ?? null };
    },
    resetRequested(state, _action: PayloadAction<{ code: string; password: string }>) {
      state.reset = { status: 'pending', error: null };
    },
    resetSucceeded(state) {
      state.reset = { status: 'succeeded', error: null };
    },
    resetFailed(state, action: PayloadAction<ApiProblem>) {
      state.reset = { status: 'failed', error: action.payload };
      // a used or expired link cannot be tried again: the page shows why
      if (action.payload.status === 404 || action.payload.status === 410) state.resetLink = { status: 'invalid', message: action.payload.message };
    },
    passwordChangeRequested(state, _action: PayloadAction<{ currentPassword: string; newPassword: string }>) {
      state.change = { status: 'pending', message: null, error: null };
    },
    passwordChanged(state, action: PayloadAction<{ message: string }>) {
      state.change = { status: 'succeeded', message: action.payload.message, error: null };
    },
    passwordChangeFailed(state, action: PayloadAction<ApiProblem>) {
      state.change = { status: 'failed', message: null, error: action.payload };
    },
  },
  extraReducers: (builder) => {
    resetOnSessionEnd(builder, initialPasswordState);
  },
});

export const {
  forgotRequested,
  forgotAnswered,
  forgotFailed,
  resetLinkOpened,
  resetLinkChecked,
  resetRequested,
  resetSucceeded,
  resetFailed,
  passwordChangeRequested,
  passwordChanged,
  passwordChangeFailed,
} = passwordSlice.actions;

export const passwordReducer = passwordSlice.reducer;
export default passwordSlice.reducer;
