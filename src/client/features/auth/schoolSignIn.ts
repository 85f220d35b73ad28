/**
 * The school sign-in buttons' data (docs/sso.md): the providers this deployment offers, the given
 * school's own first (`/login?school=ID`). Loaded once per school through the shared API saga; a
 * failure leaves the buttons out and the SPEC form as it is.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select } from 'redux-saga/effects';
import type { SsoProviderInfo } from '../../../common/sso';
import { callApi } from '../../api/apiSaga';

export interface SchoolSignInState {
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  /** the school the list was asked for ('' for none) */
  school: string;
  providers: SsoProviderInfo[];
}

const initialState: SchoolSignInState = { status: 'idle', school: '', providers: [] };

const schoolSignInSlice = createSlice({
  name: 'schoolSignIn',
  initialState,
  reducers: {
    schoolProvidersWanted(state, action: PayloadAction<{ school: string }>) {
      if (state.status === 'succeeded' && state.school === action.payload.school) return;
      state.status = 'loading';
      state.school = action.payload.school;
    },
    schoolProvidersLoaded(state, action: PayloadAction<{ school: string; providers: SsoProviderInfo[] }>) {
      if (action.payload.school !== state.school) return;
      state.status = 'succeeded';
      state.providers = action.payload.providers;
    },
    schoolProvidersFailed(state) {
      state.status = 'failed';
      state.providers = [];
    },
  },
});

export const { schoolProvidersWanted, schoolProvidersLoaded, schoolProvidersFailed } = schoolSignInSlice.actions;
export const schoolSignInReducer = schoolSignInSlice.reducer;

const NONE: SsoProviderInfo[] = [];
// a store without this slice (a page's own test store) has no buttons
export const selectSchoolProviders = (state: { schoolSignIn?: SchoolSignInState }): SsoProviderInfo[] => state.schoolSignIn?.providers ?? NONE;

export function* schoolProvidersSaga(action: ReturnType<typeof schoolProvidersWanted>): SagaIterator {
  const { school } = action.payload;
  const status: SchoolSignInState['status'] | undefined = yield select((state: { schoolSignIn?: SchoolSignInState }) => state.schoolSignIn?.status);
  if (status === 'succeeded') return;
  try {
    const data: { providers?: SsoProviderInfo[] } = yield call(callApi, { method: 'GET', url: '/api/sso/providers', params: school ? { school } : {}, token: null, endSessionOnAuthFailure: false });
    yield put(schoolProvidersLoaded({ school, providers: Array.isArray(data?.providers) ? data.providers : [] }));
  } catch {
    yield put(schoolProvidersFailed());
  }
}

/** The address a button opens: the server starts the sign-in there. */
export function schoolSignInHref(provider: string, options: { school?: string | null; redirect?: string | null }): string {
  const params = new URLSearchParams();
  if (options.school) params.set('school', options.school);
  if (options.redirect) params.set('redirect', options.redirect);
  const query = params.toString();
  return `/api/sso/start/${encodeURIComponent(provider)}${query ? `?${query}` : ''}`;
}
