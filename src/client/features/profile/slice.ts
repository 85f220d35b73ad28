/**
 * The learner's profile data beyond the session: products with their external ids,
 * redeemed access codes, a pending e-mail change, the school roster's address waiting for the
 * learner, and one status per request. User fields
 * themselves live in the auth session and change through `profileUpdated` (SPEC S4.06).
 * Reset on auth:session:end (shared computers).
 */
import type { ApiProblem } from '../../api/apiProblem';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProfileProduct, RedeemedAccessCode } from '../../../common/accounts';
import type { SsoLinkInfo, SsoProviderInfo } from '../../../common/sso';
import { sameClientId } from '../../../common/clients';
import { resetOnSessionEnd } from '../auth';

export type ProfileStatus = 'idle' | 'pending' | 'succeeded' | 'failed';

interface Request {
  status: ProfileStatus;
  error: ApiProblem | null;
  message: string | null;
}

const idle: Request = { status: 'idle', error: null, message: null };

export interface ProfileState {
  load: Request;
  products: ProfileProduct[];
  pendingEmail: string | null;
  /** the address the school's roster lists, not confirmed by the user (null: none) */
  rosterEmail: string | null;
  save: Request;
  emailCode: Request;
  rosterEmailDismiss: Request;
  codes: { status: ProfileStatus; error: ApiProblem | null; items: RedeemedAccessCode[] };
  addCode: Request;
  externalId: Request;
  /** school sign-in: what the user's schools offer, the user's links, and the last link/unlink */
  sso: { status: ProfileStatus; available: SsoProviderInfo[]; links: SsoLinkInfo[]; change: Request; linkUrl: string | null };
}

export const initialProfileState: ProfileState = {
  sso: { status: 'idle', available: [], links: [], change: idle, linkUrl: null },
  load: idle,
  products: [],
  pendingEmail: null,
  rosterEmail: null,
  save: idle,
  emailCode: idle,
  rosterEmailDismiss: idle,
  codes: { status: 'idle', error: null, items: [] },
  addCode: idle,
  externalId: idle,
};

export interface ProfileValues {
  firstName: string;
  lastName: string;
  email: string;
  timezone: string;
}

const start = (): Request => ({ status: 'pending', error: null, message: null });
const failed = (error: ApiProblem): Request => ({ status: 'failed', error, message: null });
const done = (message: string | null = null): Request => ({ status: 'succeeded', error: null, message });

const profileSlice = createSlice({
  name: 'profile',
  initialState: initialProfileState,
  reducers: {
    profileRequested(state) {
      state.load = start();
    },
    profileLoaded(state, action: PayloadAction<{ products: ProfileProduct[]; pendingEmail: string | null; rosterEmail: string | null }>) {
      state.load = done();
      state.products = action.payload.products;
      state.pendingEmail = action.payload.pendingEmail;
      state.rosterEmail = action.payload.rosterEmail;
    },
    profileLoadFailed(state, action: PayloadAction<ApiProblem>) {
      state.load = failed(action.payload);
    },
    profileSaveRequested(state, _action: PayloadAction<ProfileValues>) {
      state.save = start();
      // an earlier confirmation's message is about an earlier change
      state.emailCode = idle;
    },
    profileSaved(state, action: PayloadAction<{ pendingEmail: string | null; message: string }>) {
      state.save = done(action.payload.message);
      state.pendingEmail = action.payload.pendingEmail;
    },
    profileSaveFailed(state, action: PayloadAction<ApiProblem>) {
      state.save = failed(action.payload);
    },
    emailCodeSubmitted(state, _action: PayloadAction<{ code: string }>) {
      state.emailCode = start();
    },
    emailConfirmed(state, action: PayloadAction<{ message: string }>) {
      state.emailCode = done(action.payload.message);
      // the server answers the roster's address once the account's is it (as it does here)
      if (state.rosterEmail !== null && state.pendingEmail?.toLowerCase() === state.rosterEmail.toLowerCase()) state.rosterEmail = null;
      state.pendingEmail = null;
      // the save's "we sent a code" message is answered now
      state.save = idle;
    },
    emailCodeFailed(state, action: PayloadAction<ApiProblem>) {
      state.emailCode = failed(action.payload);
    },
    rosterEmailDismissRequested(state) {
      state.rosterEmailDismiss = start();
    },
    rosterEmailDismissed(state, action: PayloadAction<{ message: string }>) {
      state.rosterEmailDismiss = done(action.payload.message);
      state.rosterEmail = null;
    },
    rosterEmailDismissFailed(state, action: PayloadAction<ApiProblem>) {
      state.rosterEmailDismiss = failed(action.payload);
    },
    ssoLinksRequested(state) {
      state.sso.status = 'pending';
    },
    ssoLinksLoaded(state, action: PayloadAction<{ available: SsoProviderInfo[]; links: SsoLinkInfo[] }>) {
      state.sso = { ...state.sso, status: 'succeeded', ...action.payload };
    },
    ssoLinksFailed(state) {
      state.sso.status = 'failed';
    },
    /** link (the page then goes to the provider: linkUrl) or unlink one provider */
    ssoChangeRequested(state, _action: PayloadAction<{ provider: string; link: boolean }>) {
      state.sso.change = start();
    },
    ssoLinkReady(state, action: PayloadAction<{ url: string }>) {
      state.sso.linkUrl = action.payload.url;
    },
    ssoUnlinked(state, action: PayloadAction<{ provider: string; message: string }>) {
      state.sso.change = done(action.payload.message);
      state.sso.links = state.sso.links.filter((l) => l.provider !== action.payload.provider);
    },
    ssoChangeFailed(state, action: PayloadAction<ApiProblem>) {
      state.sso.change = failed(action.payload);
    },
    accessCodesRequested(state) {
      state.codes.status = 'pending';
      state.codes.error = null;
    },
    accessCodesLoaded(state, action: PayloadAction<RedeemedAccessCode[]>) {
      state.codes = { status: 'succeeded', error: null, items: action.payload };
    },
    accessCodesFailed(state, action: PayloadAction<ApiProblem>) {
      state.codes.status = 'failed';
      state.codes.error = action.payload;
    },
    accessCodeAddRequested(state, _action: PayloadAction<{ code: string }>) {
      state.addCode = start();
    },
    accessCodeAdded(state, action: PayloadAction<{ message: string; products: ProfileProduct[] }>) {
      state.addCode = done(action.payload.message);
      state.products = action.payload.products;
    },
    accessCodeAddFailed(state, action: PayloadAction<ApiProblem>) {
      state.addCode = failed(action.payload);
    },
    externalIdSaveRequested(state, _action: PayloadAction<{ productId: number; lsclientID: string | null; externalId: string }>) {
      state.externalId = start();
    },
    externalIdSaved(state, action: PayloadAction<ProfileProduct>) {
      state.externalId = done('Saved.');
      const index = state.products.findIndex((p) => p.productId === action.payload.productId && sameClientId(p.lsclientID, action.payload.lsclientID));
      if (index >= 0) state.products[index] = action.payload;
      else state.products.push(action.payload);
    },
    externalIdSaveFailed(state, action: PayloadAction<ApiProblem>) {
      state.externalId = failed(action.payload);
    },
    /** a page was left: its one-off messages go */
    profileFormReset(state) {
      state.save = idle;
      state.emailCode = idle;
      state.rosterEmailDismiss = idle;
      state.addCode = idle;
      state.externalId = idle;
    },
  },
  extraReducers: (builder) => {
    resetOnSessionEnd(builder, initialProfileState);
  },
});

export const {
  profileRequested,
  profileLoaded,
  profileLoadFailed,
  profileSaveRequested,
  profileSaved,
  profileSaveFailed,
  emailCodeSubmitted,
  emailConfirmed,
  emailCodeFailed,
  rosterEmailDismissRequested,
  rosterEmailDismissed,
  rosterEmailDismissFailed,
  ssoLinksRequested,
  ssoLinksLoaded,
  ssoLinksFailed,
  ssoChangeRequested,
  ssoLinkReady,
  ssoUnlinked,
  ssoChangeFailed,
  accessCodesRequested,
  accessCodesLoaded,
  accessCodesFailed,
  accessCodeAddRequested,
  accessCodeAdded,
  accessCodeAddFailed,
  externalIdSaveRequested,
  externalIdSaved,
  externalIdSaveFailed,
  profileFormReset,
} = profileSlice.actions;

export const profileReducer = profileSlice.reducer;
export default profileSlice.reducer;
