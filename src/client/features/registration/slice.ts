/**
 * Registration: the server-side record as the SPA last saw it, the request status and
 * the as-you-type user-name check. Form values stay in the forms (formik); record keys stay in
 * local storage (sagas.ts), never in the store.
 */
import type { ApiProblem } from '../../api/apiProblem';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { userNameProblem, type CodePreview, type RegistrationRecordView } from '../../../common/accounts';
import { sessionStart } from '../auth';

export type RegistrationStatus = 'idle' | 'pending' | 'succeeded' | 'failed';

export type UserNameCheckStatus = 'idle' | 'checking' | 'available' | 'taken' | 'failed';

export interface RegistrationState {
  status: RegistrationStatus;
  error: ApiProblem | null;
  record: RegistrationRecordView | null;
  /** a success message to show on the page, e.g. "We sent a 6-digit code…" */
  notice: string | null;
  /** the otid of the newest code sent (the mailed link carries it too) */
  otid: number | null;
  userNameCheck: { userName: string; status: UserNameCheckStatus; message: string | null };
  /** what the code entered leads to, shown before the student commits to it (null: no code checked yet) */
  preview: (CodePreview & { code: string }) | null;
}

export const initialRegistrationState: RegistrationState = {
  status: 'idle',
  error: null,
  record: null,
  notice: null,
  otid: null,
  userNameCheck: { userName: '', status: 'idle', message: null },
  preview: null,
};

export interface RecordRef {
  invitationId: number;
  recordId: number;
}

export type EditableStep = 'name' | 'externalid' | 'terms' | 'username';

/** Whether the as-you-type check asks the server about this (trimmed, lower-cased) name. */
export function shouldCheckUserName(userName: string): boolean {
  return userName !== '' && userNameProblem(userName) === null;
}

const pending = (state: RegistrationState) => {
  state.status = 'pending';
  state.error = null;
  state.notice = null;
};

const registrationSlice = createSlice({
  name: 'registration',
  initialState: initialRegistrationState,
  reducers: {
    /** a code was entered: ask what it leads to (nothing is started yet) */
    codePreviewRequested(state, _action: PayloadAction<{ code: string }>) {
      pending(state);
      state.preview = null;
    },
    codePreviewLoaded(state, action: PayloadAction<CodePreview & { code: string }>) {
      state.status = 'succeeded';
      state.preview = action.payload;
    },
    /** "Enter a different code": back to the code field */
    codePreviewCleared(state) {
      state.preview = null;
      state.status = 'idle';
      state.error = null;
    },
    codeSubmitted(state, _action: PayloadAction<{ code: string }>) {
      pending(state);
    },
    invitationEmailSubmitted(state, _action: PayloadAction<{ invitationId: number; token: string; email: string }>) {
      pending(state);
    },
    /** open a record page: loads the record (the key comes from the URL's ?key= or local storage) */
    recordOpened(state, action: PayloadAction<RecordRef & { key?: string | null }>) {
      if (state.record?.id !== action.payload.recordId) state.record = null;
      pending(state);
    },
    stepSubmitted(state, _action: PayloadAction<RecordRef & { step: EditableStep; values: Record<string, unknown> }>) {
      pending(state);
    },
    verificationSendRequested(state, _action: PayloadAction<RecordRef & { email?: string }>) {
      pending(state);
    },
    verificationSubmitted(state, _action: PayloadAction<RecordRef & { code: string; otid?: number | null }>) {
      pending(state);
    },
    /** register without an e-mail address (only offered where the school allows it) */
    verificationSkipped(state, _action: PayloadAction<RecordRef>) {
      pending(state);
    },
    passwordSubmitted(state, _action: PayloadAction<RecordRef & { password: string }>) {
      pending(state);
    },
    recordLoaded(state, action: PayloadAction<{ record: RegistrationRecordView; notice?: string; otid?: number }>) {
      state.status = 'succeeded';
      state.record = action.payload.record;
      state.notice = action.payload.notice ?? null;
      if (action.payload.otid !== undefined) state.otid = action.payload.otid;
    },
    requestFailed(state, action: PayloadAction<ApiProblem>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    /** the learner changed a field the server's refusal was about: the refusal no longer applies */
    fieldEdited(state) {
      if (state.status !== 'failed') return;
      state.status = 'idle';
      state.error = null;
    },
    userNameTyped(state, action: PayloadAction<{ userName: string }>) {
      // only a name the local rules accept is asked about (the form explains the rules itself)
      const { userName } = action.payload;
      state.userNameCheck = { userName, status: shouldCheckUserName(userName) ? 'checking' : 'idle', message: null };
    },
    userNameChecked(state, action: PayloadAction<{ userName: string; available: boolean; message?: string }>) {
      if (state.userNameCheck.userName !== action.payload.userName) return; // an older answer
      state.userNameCheck.status = action.payload.available ? 'available' : 'taken';
      state.userNameCheck.message = action.payload.message ?? null;
    },
    userNameCheckFailed(state, action: PayloadAction<{ userName: string; message: string }>) {
      if (state.userNameCheck.userName !== action.payload.userName) return;
      state.userNameCheck.status = 'failed';
      state.userNameCheck.message = action.payload.message;
    },
  },
  extraReducers: (builder) => {
    // finishing signs the student in: the record's data leaves the store
    builder.addCase(sessionStart, () => initialRegistrationState);
  },
});

export const {
  codePreviewRequested,
  codePreviewLoaded,
  codePreviewCleared,
  codeSubmitted,
  invitationEmailSubmitted,
  recordOpened,
  stepSubmitted,
  verificationSendRequested,
  verificationSubmitted,
  verificationSkipped,
  passwordSubmitted,
  recordLoaded,
  requestFailed,
  fieldEdited,
  userNameTyped,
  userNameChecked,
  userNameCheckFailed,
} = registrationSlice.actions;

export const registrationReducer = registrationSlice.reducer;
export default registrationSlice.reducer;
